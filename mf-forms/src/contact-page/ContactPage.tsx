import { formDefinitionUrl, type FormDefinition, type SiteData } from '@storefront/contracts';
import { EmptyState, ErrorState, LoadingState, PageContainer, SITE_DATA_URL, usePageData, type JsonResult } from '@storefront/ui';
import { DynamicForm } from '../form-engine/DynamicForm.js';
import { ContactDetails } from './ContactDetails.js';
import './contact-page.css';

const CONTACT_FORM_URL = formDefinitionUrl('contact');
const PAGE_TITLE = 'Contact Us';
const DEFAULT_INTRO = 'Questions about cabinets, samples or your project? Send us a message and our team will get back to you.';

function ContactForm({ form }: { form: JsonResult<FormDefinition> }) {
  if (form.status === 'loading') return <LoadingState label="Loading the contact form..." />;
  if (form.status === 'not-found' || (form.status === 'ready' && !form.data)) {
    return <EmptyState title="The contact form is not available" message="Please call or e-mail us instead." />;
  }
  if (form.status === 'error' || !form.data) {
    return <ErrorState title="The contact form could not be loaded" message={form.error ?? 'Please try again.'} onRetry={form.reload} />;
  }
  return <DynamicForm definition={form.data} />;
}

/** /contact: the contact form (rendered from its definition) beside the showroom's contact details. */
export default function ContactPage() {
  const form = usePageData<FormDefinition>(CONTACT_FORM_URL);
  const site = usePageData<SiteData>(SITE_DATA_URL);
  return (
    <PageContainer title={form.data?.title ?? PAGE_TITLE}>
      <p className="mf-contact__intro">{form.data?.description ?? DEFAULT_INTRO}</p>
      <div className="mf-contact">
        <div className="mf-contact__form">
          <ContactForm form={form} />
        </div>
        {/* The form works without the details, so a failed site call only drops the side panel. */}
        {site.status === 'ready' && site.data && <ContactDetails site={site.data.site} />}
        {site.status === 'loading' && (
          <aside className="mf-contact__details" aria-label="Contact details">
            <LoadingState label="Loading contact details..." />
          </aside>
        )}
      </div>
    </PageContainer>
  );
}
