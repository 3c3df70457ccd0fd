import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, get, useForm, useWatch } from 'react-hook-form';
import { schemaResolver } from '@storefront/ui/form';
import {
  ESTIMATE_CONSTANTS,
  ESTIMATOR_MESSAGES,
  newIdempotencyKey,
  type EstimatorBundle,
  type EstimatorGroup,
  type FormValues,
} from '@storefront/contracts';
import { calculateEstimate, defaultEstimateValues } from '@storefront/estimator-pricing';
import { buildFormSchema } from '@storefront/form-schema';
import { loadJsPdf } from '@storefront/pdf-document';
import { Alert, Button, RESULT_MESSAGE_MS, useTransientValue } from '@storefront/ui';
import { estimatePdfContent, estimatePdfFileName, renderEstimatePdf } from '../estimate-pdf/estimate-pdf.js';
import { rasterizeLogo } from '../estimate-pdf/pdf-logo.js';
import { AccordionGroup } from './AccordionGroup.js';
import { estimateSubmission, failureMessage, sendEstimate, type EstimateAction } from './estimate-submission.js';
import { EstimatorFieldInput, estimatorInputId } from './EstimatorFieldInput.js';
import { canPrint, fieldNamesThrough, initialOpenGroups, nextGroupIndex, openAfterFailure, toFormField } from './estimator-form-model.js';
import { PopupGroup } from './PopupGroup.js';
import { PriceSummary } from './PriceSummary.js';

function groupElementId(name: string): string {
  return `estimator-group-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Smooth scroll (CSS scroll-margin keeps it below the sticky header); jsdom has no scrollIntoView. */
function scrollToElement(id: string, block: ScrollLogicalPosition = 'start') {
  document.getElementById(id)?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block });
}

/** Where the page goes once the groups have re-rendered: scroll to `scrollTo`, focus `focus`. */
interface FocusRequest {
  scrollTo: string;
  focus?: string;
  /** just bring it into view (the result message), rather than to the top below the header */
  nearest?: boolean;
}

const RESULT_ID = 'mf-estimator-result';

interface ResultMessage {
  type: 'success' | 'error';
  text: string;
}

const BUSY_TEXT: Record<EstimateAction, string> = { email: 'Sending...', print: 'Preparing PDF...' };

/** The estimator's groups (accordion steps and popup dialogs) beside (or under) the live price summary. */
export function EstimatorForm({ bundle }: { bundle: EstimatorBundle }) {
  const { template, pricing } = bundle;
  const groups = template.groups;
  const schema = useMemo(() => buildFormSchema({ fields: groups.flatMap((group) => group.fields.map(toFormField)) }), [groups]);
  const defaultValues = useMemo(() => defaultEstimateValues(template) as FormValues, [template]);
  const allFieldNames = useMemo(() => groups.flatMap((group) => group.fields.map((field) => field.name)), [groups]);
  const methods = useForm<FormValues>({
    resolver: schemaResolver<FormValues>(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control, trigger, getValues, setValue, setError, getFieldState, formState } = methods;
  // The first accordion group opens on load; a failed Next may open several (every group holding an error).
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => initialOpenGroups(groups));
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [busy, setBusy] = useState<EstimateAction | null>(null);
  // Set synchronously on the first click, so a double click cannot start a second send.
  const busyRef = useRef<EstimateAction | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const result = useTransientValue<ResultMessage>(RESULT_MESSAGE_MS);

  const values = useWatch({ control }) as FormValues;
  const price = useMemo(() => calculateEstimate(template, pricing, values), [template, pricing, values]);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  // Runs after the opened groups (and a popup's own focus handling, a child effect) have rendered.
  useEffect(() => {
    if (!focusRequest) return;
    scrollToElement(focusRequest.scrollTo, focusRequest.nearest ? 'nearest' : 'start');
    const target = focusRequest.focus ? document.getElementById(focusRequest.focus) : null;
    // a radio question's id is its fieldset: focus its first choice
    const focusable = target instanceof HTMLFieldSetElement ? target.querySelector<HTMLElement>('input, select, textarea') : target;
    focusable?.focus({ preventScroll: true });
  }, [focusRequest]);

  function firstFieldId(group: EstimatorGroup): string | undefined {
    const first = group.fields[0];
    return first ? estimatorInputId(first.name) : undefined;
  }

  function openGroup(group: EstimatorGroup) {
    setOpenGroups(new Set([group.name]));
    // a popup moves focus into itself; an accordion group is scrolled to and its first question focused
    setFocusRequest(group.layout === 'popup' ? null : { scrollTo: groupElementId(group.name), focus: firstFieldId(group) });
  }

  /** Errors show on `errorFields`, their accordion groups open and the page goes to the first one. */
  function showFailure(errorFields: string[]) {
    setOpenGroups((open) => openAfterFailure(groups, open, errorFields));
    const first = errorFields[0];
    if (first) setFocusRequest({ scrollTo: estimatorInputId(first), focus: estimatorInputId(first) });
  }

  /** Marks `names` touched and validates them; on failure shows where. */
  async function validate(names: string[]): Promise<boolean> {
    for (const name of names) setValue(name, getValues(name), { shouldTouch: true });
    const valid = await trigger(names);
    if (!valid) showFailure(names.filter((name) => getFieldState(name).error));
    return valid;
  }

  async function goNext(index: number) {
    if (!(await validate(fieldNamesThrough(groups, index)))) return;
    const target = nextGroupIndex(groups, index);
    const targetGroup = target === undefined ? undefined : groups[target];
    if (targetGroup) openGroup(targetGroup);
  }

  /** Clears the answers (and so the price) and reopens the first group (spec 4 Reset). */
  function resetEstimate(after: 'reset-button' | 'sent') {
    clearTimeout(resetTimer.current);
    methods.reset(defaultValues);
    setOpenGroups(initialOpenGroups(groups));
    const first = groups.find((group) => group.layout !== 'popup');
    // after a send the groups fold away under the shopper: keep the result message in view instead
    if (after === 'sent') setFocusRequest({ scrollTo: RESULT_ID, nearest: true });
    else setFocusRequest(first ? { scrollTo: groupElementId(first.name), focus: firstFieldId(first) } : null);
  }

  async function buildAndSavePdf(formValues: FormValues, library: ReturnType<typeof loadJsPdf>): Promise<string | undefined> {
    const estimate = calculateEstimate(template, pricing, formValues);
    if (!estimate) return ESTIMATOR_MESSAGES.pdfFailed;
    let JsPdf;
    try {
      JsPdf = await library;
    } catch {
      return ESTIMATOR_MESSAGES.pdfLibraryMissing;
    }
    try {
      const today = new Date();
      const doc = renderEstimatePdf(JsPdf, estimatePdfContent(template, formValues, estimate, today), await rasterizeLogo());
      doc.save(estimatePdfFileName(today));
      return undefined;
    } catch {
      return ESTIMATOR_MESSAGES.pdfFailed;
    }
  }

  /** Email My Estimate or Download PDF: validate everything, send once, then say how it went. */
  async function runAction(action: EstimateAction) {
    if (busyRef.current) return; // the attempt in flight covers a second click
    busyRef.current = action;
    setBusy(action);
    result.clear();
    try {
      if (!(await validate(allFieldNames))) return;
      const formValues = getValues();
      // start fetching the PDF library while the estimate is stored
      const library = action === 'print' ? loadJsPdf() : undefined;
      library?.catch(() => undefined);
      const outcome = await sendEstimate(
        estimateSubmission(template, formValues, calculateEstimate(template, pricing, formValues), action),
        newIdempotencyKey(),
      );
      if (outcome.kind !== 'sent') {
        if (outcome.kind === 'rejected') {
          const known = allFieldNames.filter((name) => outcome.fieldErrors[name]);
          for (const name of known) setError(name, { type: 'server', message: outcome.fieldErrors[name] });
          if (known.length > 0) showFailure(known);
        }
        result.show({ type: 'error', text: failureMessage(action, outcome) });
        return;
      }
      if (library) {
        const problem = await buildAndSavePdf(formValues, library);
        if (problem) {
          result.show({ type: 'error', text: problem });
          return;
        }
      }
      result.show({ type: 'success', text: action === 'email' ? ESTIMATOR_MESSAGES.emailSent : ESTIMATOR_MESSAGES.pdfDownloaded });
      resetTimer.current = setTimeout(() => resetEstimate('sent'), ESTIMATE_CONSTANTS.resetDelayMs);
    } finally {
      busyRef.current = null;
      setBusy(null);
    }
  }

  const printable = canPrint(price, values);
  const position = template.summary.position === 'top' ? 'top' : 'side';
  const resetText = template.buttons?.reset;

  function groupActions(group: EstimatorGroup, index: number) {
    const hasNext = nextGroupIndex(groups, index) !== undefined && (group.actions?.next !== undefined || !group.actions?.submit);
    const submit = group.actions?.submit;
    const print = group.actions?.print;
    if (!hasNext && !submit && !print) return null;
    return (
      <div className="mf-estimator-group__actions">
        {hasNext && (
          <Button onClick={() => void goNext(index)} disabled={busy !== null}>
            {group.actions?.next?.text ?? 'Next'}
          </Button>
        )}
        {submit && (
          <Button onClick={() => void runAction('email')} disabled={busy !== null} aria-busy={busy === 'email' || undefined}>
            {busy === 'email' && <span className="sf-spinner mf-estimator__spinner" aria-hidden="true" />}
            {busy === 'email' ? BUSY_TEXT.email : submit.text}
          </Button>
        )}
        {print && printable && (
          <Button variant="secondary" onClick={() => void runAction('print')} disabled={busy !== null} aria-busy={busy === 'print' || undefined}>
            {busy === 'print' && <span className="sf-spinner mf-estimator__spinner" aria-hidden="true" />}
            {busy === 'print' ? BUSY_TEXT.print : print.text}
          </Button>
        )}
      </div>
    );
  }

  return (
    <FormProvider {...methods}>
      <div className={['mf-estimator', `mf-estimator--summary-${position}`, template.className].filter(Boolean).join(' ')}>
        <PriceSummary summary={template.summary} price={price} />
        <form
          className="mf-estimator__form"
          method="post"
          noValidate
          aria-label={template.title}
          aria-busy={busy !== null || undefined}
          onSubmit={(event) => event.preventDefault()}
        >
          {groups.map((group, index) => {
            const fields = (
              <>
                <div className="mf-estimator-group__fields">
                  {group.fields.map((field) => {
                    const message: unknown = get(formState.errors, `${field.name}.message`);
                    return <EstimatorFieldInput key={field.name} field={field} error={typeof message === 'string' ? message : undefined} />;
                  })}
                </div>
                {groupActions(group, index)}
              </>
            );
            const common = { id: groupElementId(group.name), step: index + 1, title: group.title, open: openGroups.has(group.name) };
            return group.layout === 'popup' ? (
              <PopupGroup
                {...common}
                key={group.name}
                busy={busy !== null}
                onOpen={() => openGroup(group)}
                onClose={() => setOpenGroups((open) => new Set([...open].filter((name) => name !== group.name)))}
              >
                {fields}
              </PopupGroup>
            ) : (
              <AccordionGroup {...common} key={group.name} onEdit={() => openGroup(group)}>
                {fields}
              </AccordionGroup>
            );
          })}
          <div className="mf-estimator__footer">
            <div id={RESULT_ID} className="mf-estimator__result" aria-live="polite">
              {result.value && (
                <Alert type={result.value.type} onDismiss={result.clear}>
                  {result.value.text}
                </Alert>
              )}
            </div>
            {resetText && (
              <Button variant="link" className="mf-estimator__reset" onClick={() => {
                  result.clear();
                  resetEstimate('reset-button');
                }} disabled={busy !== null}>
                {resetText}
              </Button>
            )}
          </div>
        </form>
      </div>
    </FormProvider>
  );
}
