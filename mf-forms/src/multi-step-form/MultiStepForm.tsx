import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { schemaResolver } from '@storefront/ui/form';
import { allFormFields, type FormDefinition, type FormStep, type FormValues } from '@storefront/contracts';
import { buildFormSchema, isFieldHidden } from '@storefront/form-schema';
import { Button, SafeHtml } from '@storefront/ui';
import { FieldList } from '../form-engine/FieldList.js';
import { useFormCaptcha } from '../form-engine/captcha/FormCaptcha.js';
import { captchaFailed, pushSubmitClick } from '../form-engine/DynamicForm.js';
import { useFormResult } from '../form-engine/FormResult.js';
import { defaultValuesFor } from '../form-engine/form-values.js';
import { keepTyped, useFirstValues } from '../form-engine/typed-before-hydration.js';
import { clearSavedFormData, readSavedFormData, restoreValues, storableValues, writeSavedFormData } from '../form-engine/saved-form-data.js';
import { SubmissionKeys, submitForm } from '../form-engine/submit-form.js';
import { StepProgress } from './StepProgress.js';
import './multi-step-form.css';

export interface MultiStepFormProps {
  /** a definition with `steps` (content/forms/free-kitchen-design.json) */
  definition: FormDefinition & { steps: FormStep[] };
  onSuccess?: () => void;
}

/** What is cached per form name between visits in the tab: the answers, where the shopper was, and the submission being continued. */
interface SavedProgress {
  values: FormValues;
  step: number;
  completed: number[];
  id?: string;
  /** the secret that continues `id` (sessionStorage: this tab only, like the answers) */
  continuationToken?: string;
}

/**
 * The step's values as checked (hidden fields stripped). A visible field left empty is sent empty
 * rather than left out: the forms service tells which step a request belongs to by the field names it
 * carries, and a last step of optional fields must not arrive as an empty object.
 */
function stepValues(step: FormStep, checked: FormValues, raw: FormValues): FormValues {
  const values: FormValues = {};
  for (const field of step.fields) {
    if (field.name in checked) values[field.name] = checked[field.name];
    else if (!isFieldHidden(field, raw)) values[field.name] = raw[field.name] ?? '';
  }
  return values;
}

/**
 * A multi-step form (spec §4): a step advances only when its fields are valid (else they are all
 * marked touched); each Next sends that step's values, the returned id and continuation token are
 * kept and sent with later steps; Back goes one step back and takes the current step off the completed list; only the last
 * step sends the e-mail notification settings.
 *
 * "On a server error the form returns to the first step and saved data is cleared": read here as any
 * failed send the server did not answer with field errors (a 5xx, success false, the submission it
 * no longer knows, no answer at all). The submission id and the cached copy are dropped, so the next
 * Next starts a new submission from step 1, but what the shopper typed stays on screen: clearing it
 * would lose their work for our fault (the standards: never lose data). Field errors the server
 * returns (400 with `errors`) stay on the step, like the browser's own.
 */
export function MultiStepForm({ definition, onSuccess }: MultiStepFormProps) {
  const formId = `form-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const headingId = `${formId}-step-title`;
  const steps = definition.steps;
  const allFields = useMemo(() => allFormFields(definition), [definition]);
  const defaultValues = useMemo(() => defaultValuesFor(allFields), [allFields]);
  const schemas = useMemo(() => steps.map((step) => buildFormSchema({ fields: step.fields })), [steps]);

  const [step, setStep] = useState(0);
  const [completed, setCompleted] = useState<number[]>([]);
  const submissionId = useRef<string | undefined>(undefined);
  const continuationToken = useRef<string | undefined>(undefined);
  const current = useRef({ step, completed });
  current.current = { step, completed };

  // One form over every step's fields; the resolver checks only the step on screen.
  const resolver = useCallback<Resolver<FormValues>>(
    (values, context, options) => schemaResolver<FormValues>(schemas[current.current.step]!)(values, context, options),
    [schemas],
  );
  // what was typed before hydration is the form's first state (typed-before-hydration.ts)
  const firstValues = useFirstValues(formId, allFields, defaultValues);
  const methods = useForm<FormValues>({ resolver, defaultValues: firstValues, mode: 'onTouched' });
  const result = useFormResult(definition);
  const { show, clear } = result;
  const submitting = methods.formState.isSubmitting;
  const captcha = useFormCaptcha(definition);
  // one Idempotency-Key per attempt of a step: a double click on Next stores the step once
  const keys = useRef(new SubmissionKeys());

  const save = useCallback(
    (values: FormValues, at: { step: number; completed: number[] }) => {
      const progress: SavedProgress = { values: storableValues(allFields, values), ...at, id: submissionId.current, continuationToken: continuationToken.current };
      writeSavedFormData(definition.name, progress);
    },
    [allFields, definition.name],
  );

  // Restore after hydration (the server's HTML is the empty first step), then keep the cache current.
  useEffect(() => {
    const saved = readSavedFormData<SavedProgress>(definition.name);
    if (saved && typeof saved === 'object') {
      methods.reset(keepTyped(restoreValues(allFields, defaultValues, saved.values), firstValues, defaultValues));
      const savedStep = Number.isInteger(saved.step) ? Math.min(Math.max(saved.step, 0), steps.length - 1) : 0;
      // A later step can only be resumed with the submission it continues.
      const resumable = savedStep > 0 && typeof saved.id === 'string' && typeof saved.continuationToken === 'string';
      submissionId.current = resumable ? saved.id : undefined;
      continuationToken.current = resumable ? saved.continuationToken : undefined;
      setStep(resumable ? savedStep : 0);
      setCompleted(resumable && Array.isArray(saved.completed) ? saved.completed.filter((n) => Number.isInteger(n) && n < savedStep) : []);
    }
    const subscription = methods.watch((values) => save(values as FormValues, current.current));
    return () => subscription.unsubscribe();
  }, [definition.name, allFields, defaultValues, firstValues, steps.length, methods, save]);

  // Move focus to the new step's heading, so a screen reader hears where the shopper is (not on load).
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  function goTo(next: number, nextCompleted: number[]) {
    moved.current = true;
    setStep(next);
    setCompleted(nextCompleted);
    save(methods.getValues(), { step: next, completed: nextCompleted });
  }

  function startOver() {
    submissionId.current = undefined;
    continuationToken.current = undefined;
    clearSavedFormData(definition.name);
    moved.current = true;
    setCompleted([]);
    setStep(0);
  }

  async function onStepValid(values: FormValues) {
    clear();
    const at = current.current.step;
    const last = at === steps.length - 1;
    // Every send of a captcha form carries a fresh token: the server verifies each request it stores.
    const recaptchaToken = await captcha.token();
    captcha.reset();
    if (recaptchaToken === null) {
      show(captchaFailed());
      return;
    }
    const sent = stepValues(steps[at]!, values, methods.getValues());
    const outcome = await submitForm(definition, sent, {
      id: submissionId.current,
      continuationToken: continuationToken.current,
      final: last,
      recaptchaToken,
      idempotencyKey: keys.current.keyFor({ ...sent, id: submissionId.current }),
    });
    if (outcome.kind === 'success') {
      keys.current.settled();
      submissionId.current = outcome.id ?? submissionId.current;
      continuationToken.current = outcome.continuationToken ?? continuationToken.current;
      if (last) {
        show(outcome);
        methods.reset(defaultValues);
        startOver();
        onSuccess?.();
      } else {
        goTo(at + 1, [...current.current.completed.filter((n) => n !== at), at]);
      }
      return;
    }
    const fieldErrors = Object.entries(outcome.fieldErrors);
    if (outcome.answered && fieldErrors.length > 0) {
      for (const [name, message] of fieldErrors) methods.setError(name, { type: 'server', message });
    } else {
      startOver();
    }
    show(outcome);
  }

  /** An invalid step: every field of it counts as touched, so each shows its message. */
  function onStepInvalid(errors: FieldErrors<FormValues>) {
    const values = methods.getValues();
    for (const field of steps[current.current.step]!.fields) {
      if (!(field.name in errors)) methods.setValue(field.name, values[field.name], { shouldTouch: true });
    }
  }

  function back() {
    clear();
    const at = current.current.step;
    goTo(
      Math.max(at - 1, 0),
      current.current.completed.filter((n) => n !== at),
    );
  }

  const active = steps[step]!;
  const last = step === steps.length - 1;
  const actions = active.actions ?? {};
  return (
    <FormProvider {...methods}>
      <form
        id={formId}
        className={['mf-form', 'mf-multi-step', active.className].filter(Boolean).join(' ')}
        noValidate
        method="post"
        aria-busy={submitting || undefined}
        aria-label={definition.title ?? definition.name}
        onSubmit={methods.handleSubmit(onStepValid, onStepInvalid)}
      >
        <StepProgress steps={steps} current={step} completed={completed} />
        <div className="mf-multi-step__step" role="group" aria-labelledby={headingId}>
          <header className="mf-multi-step__header">
            {active.subTitle && <p className="mf-multi-step__subtitle">{active.subTitle}</p>}
            <h3 id={headingId} ref={heading} tabIndex={-1} className="mf-multi-step__title">
              {active.title}
            </h3>
            {active.description && <p className="mf-multi-step__description">{active.description}</p>}
          </header>
          <div className={['mf-form__fields', active.layout ? `mf-form--${active.layout}` : ''].filter(Boolean).join(' ')}>
            <FieldList key={step} fields={active.fields} formId={formId} />
          </div>
          {active.disclaimer && <SafeHtml className="mf-multi-step__disclaimer" html={active.disclaimer} />}
        </div>
        {captcha.element}
        {result.element}
        <div className="mf-form__actions">
          {step > 0 && (
            <Button variant="secondary" disabled={submitting} onClick={back}>
              {actions.back?.text ?? 'Back'}
            </Button>
          )}
          <Button ref={result.submitRef} type="submit" disabled={submitting} onClick={last ? () => pushSubmitClick(definition.name) : undefined}>
            {submitting && <span className="sf-spinner mf-form__spinner" aria-hidden="true" />}
            {last ? (actions.submit?.text ?? definition.buttons.submit) : (actions.next?.text ?? 'Next')}
            {submitting && <span className="sf-visually-hidden"> (sending)</span>}
          </Button>
          {actions.reset && (
            <Button
              variant="secondary"
              disabled={submitting}
              onClick={() => {
                methods.reset(defaultValues);
                startOver();
              }}
            >
              {actions.reset.text}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
