import { useFormContext } from 'react-hook-form';
import type { EstimatorField } from '@storefront/contracts';

export function estimatorInputId(name: string): string {
  return `estimator-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function Required({ required }: { required?: boolean }) {
  return required ? (
    <span className="mf-estimator-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mf-estimator-field__error" role="alert">
      {message}
    </p>
  ) : null;
}

/** One estimator question: a dropdown, radio choices, a tick box or a text/number/e-mail input. */
export function EstimatorFieldInput({ field, error }: { field: EstimatorField; error?: string }) {
  const { register } = useFormContext();
  const id = estimatorInputId(field.name);
  const errorId = `${id}-error`;
  const a11y = {
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;

  if (field.type === 'radio') {
    return (
      <fieldset className="sf-field mf-estimator-field mf-estimator-field--choices" aria-describedby={a11y['aria-describedby']}>
        <legend className="mf-estimator-field__label">
          {field.label}
          <Required required={field.required} />
        </legend>
        <div className="mf-estimator-field__options">
          {(field.options ?? []).map((option, index) => (
            <label key={option.value} className="mf-estimator-option">
              <input {...register(field.name)} id={index === 0 ? id : `${id}-${index}`} type="radio" value={option.value} aria-invalid={a11y['aria-invalid']} />
              <span className="mf-estimator-option__text">
                <span className="mf-estimator-option__label">{option.label}</span>
                {option.description && <span className="mf-estimator-option__description">{option.description}</span>}
              </span>
            </label>
          ))}
        </div>
        <ErrorText id={errorId} message={error} />
      </fieldset>
    );
  }

  if (field.type === 'checkbox') {
    return (
      <div className="sf-field mf-estimator-field mf-estimator-field--checkbox">
        <label className="mf-estimator-option">
          <input {...register(field.name)} id={id} type="checkbox" {...a11y} />
          <span>
            {field.label}
            <Required required={field.required} />
          </span>
        </label>
        <ErrorText id={errorId} message={error} />
      </div>
    );
  }

  return (
    <div className={`sf-field mf-estimator-field mf-estimator-field--${field.type}`}>
      <label className="mf-estimator-field__label" htmlFor={id}>
        {field.label}
        <Required required={field.required} />
      </label>
      {field.type === 'select' ? (
        <select {...register(field.name)} id={id} className="mf-estimator-field__input sf-input" {...a11y}>
          <option value="">{field.placeholder ?? 'Select an option'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea {...register(field.name)} id={id} rows={4} className="mf-estimator-field__input sf-input" placeholder={field.placeholder} {...a11y} />
      ) : (
        <input
          {...register(field.name)}
          id={id}
          type={field.type === 'number' ? 'text' : field.type}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          className="mf-estimator-field__input sf-input"
          placeholder={field.placeholder}
          {...a11y}
        />
      )}
      <ErrorText id={errorId} message={error} />
    </div>
  );
}
