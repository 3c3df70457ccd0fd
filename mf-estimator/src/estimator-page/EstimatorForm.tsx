import { useMemo, useState } from 'react';
import { FormProvider, get, useForm, useWatch, type Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { EstimatorBundle, FormValues } from '@storefront/contracts';
import { calculateEstimate } from '@storefront/estimator-pricing';
import { buildFormSchema } from '@storefront/form-schema';
import { Button } from '@storefront/ui';
import { AccordionGroup } from './AccordionGroup.js';
import { EstimatorFieldInput, estimatorInputId } from './EstimatorFieldInput.js';
import { defaultEstimatorValues, fieldNamesThrough, nextGroupIndex, toFormField } from './estimator-form-model.js';
import { PriceSummary } from './PriceSummary.js';

function groupElementId(name: string): string {
  return `estimator-group-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Smooth scroll (CSS scroll-margin keeps it below the sticky header); jsdom has no scrollIntoView. */
function scrollToElement(id: string) {
  document.getElementById(id)?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}

/** The estimator's accordion steps beside (or above) the live price summary. */
export function EstimatorForm({ bundle }: { bundle: EstimatorBundle }) {
  const { template, pricing } = bundle;
  const groups = template.groups;
  const schema = useMemo(() => buildFormSchema({ fields: groups.flatMap((group) => group.fields.map(toFormField)) }), [groups]);
  const defaultValues = useMemo(() => defaultEstimatorValues(template), [template]);
  const methods = useForm<FormValues>({
    resolver: yupResolver(schema) as unknown as Resolver<FormValues>,
    defaultValues,
    mode: 'onTouched',
  });
  const { control, trigger, getValues, setValue, formState } = methods;
  // The first group opens on load; a failed Next may open several (every group holding an error).
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set(groups[0] ? [groups[0].name] : []));

  const values = useWatch({ control }) as FormValues;
  const price = useMemo(() => calculateEstimate(template, pricing, values), [template, pricing, values]);

  async function goNext(index: number) {
    const names = fieldNamesThrough(groups, index);
    for (const name of names) setValue(name, getValues(name), { shouldTouch: true });
    const valid = await trigger(names);
    if (!valid) {
      const errors = methods.formState.errors;
      const failing = groups.slice(0, index + 1).filter((group) => group.fields.some((field) => get(errors, field.name)));
      setOpenGroups((open) => new Set([...open, ...failing.map((group) => group.name)]));
      const firstField = names.find((name) => get(errors, name));
      if (firstField) {
        // Let the opened panels render before scrolling to and focusing the first problem.
        requestAnimationFrame(() => {
          scrollToElement(estimatorInputId(firstField));
          document.getElementById(estimatorInputId(firstField))?.focus({ preventScroll: true });
        });
      }
      return;
    }
    const target = nextGroupIndex(groups, index);
    const targetGroup = target === undefined ? undefined : groups[target];
    if (!targetGroup) return;
    setOpenGroups(new Set([targetGroup.name]));
    requestAnimationFrame(() => scrollToElement(groupElementId(targetGroup.name)));
  }

  function edit(name: string) {
    setOpenGroups(new Set([name]));
    requestAnimationFrame(() => scrollToElement(groupElementId(name)));
  }

  const position = template.summary.position === 'top' ? 'top' : 'side';
  return (
    <FormProvider {...methods}>
      <div className={`mf-estimator mf-estimator--summary-${position}`}>
        <PriceSummary summary={template.summary} price={price} />
        <form className="mf-estimator__form" method="post" noValidate aria-label={template.title} onSubmit={(event) => event.preventDefault()}>
          {groups.map((group, index) => {
            const nextText = group.actions?.next?.text;
            const hasNext = nextGroupIndex(groups, index) !== undefined;
            return (
              <AccordionGroup
                key={group.name}
                id={groupElementId(group.name)}
                step={index + 1}
                title={group.title}
                open={openGroups.has(group.name)}
                onEdit={() => edit(group.name)}
              >
                <div className="mf-estimator-group__fields">
                  {group.fields.map((field) => {
                    const message: unknown = get(formState.errors, `${field.name}.message`);
                    return <EstimatorFieldInput key={field.name} field={field} error={typeof message === 'string' ? message : undefined} />;
                  })}
                </div>
                {hasNext && (
                  <div className="mf-estimator-group__actions">
                    <Button onClick={() => void goNext(index)}>{nextText ?? 'Next'}</Button>
                  </div>
                )}
              </AccordionGroup>
            );
          })}
        </form>
      </div>
    </FormProvider>
  );
}
