import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/sign-in: staff sign in (placeholder until the staff accounts' API is written). */
export default function SignInPage() {
  return (
    <BackofficeFrame title="Sign in" nav={false}>
      <Placeholder>Staff sign in here with their e-mail address and password. The sign-in form comes with the staff accounts.</Placeholder>
    </BackofficeFrame>
  );
}
