import { BadRequestException } from '@nestjs/common';
import type { FormDefinition, FormField } from '@storefront/contracts';
import { submittedStepIndex } from './form-steps.js';

/** The message of every 400 carrying per-field errors. */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the highlighted fields.';
export const FORM_NOT_FOUND_MESSAGE = 'Form not found';
export const SUBMISSION_NOT_FOUND_MESSAGE = 'Form submission not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keys that could steer an e-mail somewhere. Recipients come from server configuration only, so a
 * submitted value for any of them is never stored or used.
 */
const RECIPIENT_KEYS = /^(recipients?|to|cc|bcc|replyto|reply_to|adminemails?|sendto|emailto|from)$/i;

export interface ParsedSubmission {
  name: string;
  formData: unknown;
  /** the submission being continued (multi-step forms) */
  id?: string;
  metadata: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks the envelope of a FormSubmission; the field values are checked against the definition later. */
export function parseSubmission(formName: string, body: unknown): ParsedSubmission {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object');
  if (typeof body.name !== 'string' || body.name.trim() === '') {
    throw new BadRequestException('name is required: the name of the form being submitted');
  }
  if (body.name !== formName) {
    throw new BadRequestException(`Form name "${body.name}" does not match the form "${formName}" in the address`);
  }
  if (body.formData === undefined) throw new BadRequestException('formData is required');
  if (body.metadata !== undefined && !isObject(body.metadata)) throw new BadRequestException('metadata must be an object');
  if (body.id !== undefined && body.id !== null && typeof body.id !== 'string') {
    throw new BadRequestException('id must be the id returned by the previous step');
  }
  const metadata = Object.fromEntries(
    Object.entries(isObject(body.metadata) ? body.metadata : {}).filter(([key]) => !RECIPIENT_KEYS.test(key)),
  );
  return {
    name: body.name,
    formData: body.formData,
    ...(typeof body.id === 'string' && body.id !== '' ? { id: body.id } : {}),
    metadata,
  };
}

export function isSubmissionId(id: string): boolean {
  return UUID.test(id);
}

/** A multi-step form definition lists its fields per step (spec: steps each with fields). */
type DefinitionWithSteps = FormDefinition & { steps?: { fields?: FormField[] }[] };

/**
 * The fields to check for one request. A single-step form: all of them. A multi-step form: the step
 * the submitted values belong to (each Next sends one step), so later steps' required fields are not
 * demanded early.
 */
export function fieldsToValidate(definition: FormDefinition, formData: unknown): FormField[] {
  const index = submittedStepIndex(definition, formData);
  if (index === null) return definition.fields ?? [];
  return (definition as DefinitionWithSteps).steps?.[index]?.fields ?? [];
}
