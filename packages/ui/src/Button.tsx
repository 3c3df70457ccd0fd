import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

function buttonClass(variant: ButtonVariant, extra?: string): string {
  return ['sf-button', `sf-button--${variant}`, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** React 19 passes refs as props: a dialog's opener gets focus back through it */
  ref?: Ref<HTMLButtonElement>;
}

/** A button; `type="button"` by default so it never submits a form by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

export interface ButtonLinkProps extends Omit<LinkProps, 'className'> {
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}

/** A router link that looks like a button (navigation stays a link for screen readers). */
export function ButtonLink({ variant = 'primary', className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass(variant, className)} {...rest}>
      {children}
    </Link>
  );
}
