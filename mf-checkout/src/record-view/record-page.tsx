import type { ReactNode } from 'react';
import type { ApiAnswer } from '@storefront/contracts';
import { Alert, LoadingState, PageContainer, usePageData, useParams, useSearchParams } from '@storefront/ui';
import { useOwnerView, type OwnerViewResult } from '../account/shared/owner-view.js';

// What the order view and quote view pages share before their record is in hand: where it comes
// from (the link's token or the owner's session) and the page for each state that is not "ready".

/** A view page's record and the proof it was asked with. */
export interface RecordPageAnswer<R> {
  id: string;
  /** the link's view token (?token=), '' for the owner's session */
  token: string;
  answer: OwnerViewResult<R>;
}

/**
 * With a token (the e-mailed link) the record is page data, server-rendered like every page. Without
 * one (My Orders, My Quotes) the signed-in owner's session is the proof; the server renders no
 * cookies into its requests, so it draws the loading state and the browser asks after hydration.
 */
export function useRecordPage<R>(
  idParam: string,
  tokenUrl: (id: string, token: string) => string,
  ownerCall: (id: string, signal: AbortSignal) => Promise<ApiAnswer<R>>,
): RecordPageAnswer<R> {
  const id = useParams()[idParam] ?? '';
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const byToken = usePageData<R>(id && token ? tokenUrl(id, token) : null);
  const byOwner = useOwnerView(id && !token ? (signal) => ownerCall(id, signal) : null, id);
  return { id, token, answer: token ? byToken : byOwner };
}

export interface RecordPageStates {
  /** the page's title while there is no record ("Your order") */
  title: string;
  /** the spec's message for a route without an id */
  idRequired: string;
  loadingLabel: string;
  notFound: ReactNode;
  error: (answer: { error?: string; reload(): void }) => ReactNode;
}

/** The record once it is ready, else the page for its state (no id, not found, failed, loading). */
export function recordPageState<R>({ id, answer }: RecordPageAnswer<R>, states: RecordPageStates): { record: R } | { page: ReactNode } {
  if (!id) {
    return {
      page: (
        <PageContainer title={states.title}>
          <Alert type="error">{states.idRequired}</Alert>
        </PageContainer>
      ),
    };
  }
  if (answer.status === 'not-found') return { page: <PageContainer title={states.title}>{states.notFound}</PageContainer> };
  if (answer.status === 'error') return { page: <PageContainer title={states.title}>{states.error(answer)}</PageContainer> };
  if (answer.status === 'ready' && answer.data) return { record: answer.data };
  return {
    page: (
      <PageContainer>
        <LoadingState label={states.loadingLabel} />
      </PageContainer>
    ),
  };
}

interface PaidRecord {
  addresses: readonly { type: string }[];
  payments: readonly { status: string }[];
}

/** The record's billing and shipping addresses and the payment to show: the completed one, else the newest (as the e-mail does). */
export function recordParts<R extends PaidRecord>(record: R): { billing?: R['addresses'][number]; shipping?: R['addresses'][number]; payment?: R['payments'][number] } {
  return {
    billing: record.addresses.find((address) => address.type === 'billing'),
    shipping: record.addresses.find((address) => address.type === 'shipping'),
    payment: record.payments.find((entry) => entry.status === 'completed') ?? record.payments.at(-1),
  };
}
