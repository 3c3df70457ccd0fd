import { estimatorUrl, type EstimatorBundle } from '@storefront/contracts';
import { EmptyState, ErrorState, LoadingState, PageContainer, usePageData } from '@storefront/ui';
import { EstimatorForm } from './EstimatorForm.js';
import './estimator-page.css';

const ESTIMATOR_URL = estimatorUrl('kitchen');
const PAGE_TITLE = 'Kitchen Estimator';

function isBundle(data: EstimatorBundle | undefined): data is EstimatorBundle {
  return Array.isArray(data?.template?.groups) && typeof data?.pricing === 'object' && data.pricing !== null;
}

/** /estimator: a kitchen project estimate with a live price range. */
export default function EstimatorPage() {
  const estimator = usePageData<EstimatorBundle>(ESTIMATOR_URL);
  const template = isBundle(estimator.data) ? estimator.data.template : undefined;

  return (
    <PageContainer title={template?.title ?? PAGE_TITLE}>
      {estimator.status === 'loading' && <LoadingState label="Loading..." />}
      {estimator.status === 'not-found' && <EmptyState title="The estimator is not available" message="Please contact us for a quote instead." />}
      {estimator.status === 'error' && (
        <ErrorState title="The estimator could not be loaded" message={estimator.error ?? 'Please try again.'} onRetry={estimator.reload} />
      )}
      {estimator.status === 'ready' && !isBundle(estimator.data) && (
        <ErrorState title="The estimator could not be loaded" message="The estimator data is incomplete." onRetry={estimator.reload} />
      )}
      {estimator.status === 'ready' && isBundle(estimator.data) && (
        <>
          {estimator.data.template.description && <p className="mf-estimator__intro">{estimator.data.template.description}</p>}
          <EstimatorForm bundle={estimator.data} />
        </>
      )}
    </PageContainer>
  );
}
