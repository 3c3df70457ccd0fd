import { Injectable, NotFoundException } from '@nestjs/common';
import type { EstimatorBundle, FormDefinition } from '@storefront/contracts';
import { ContentStore, unlessMissing } from '@storefront/site-config';
import { FORM_NOT_FOUND_MESSAGE } from './submission-request.js';

/** What POST /api/forms/{name} posts to: a form of content/forms/, else an estimator of content/estimator/. */
export type SubmissionTarget = { kind: 'form'; definition: FormDefinition } | { kind: 'estimator'; bundle: EstimatorBundle };

/** The form named `name` (content/forms/{name}.json); 404 "Form not found" when there is none. */
export async function formDefinitionOf(content: ContentStore, name: string): Promise<FormDefinition> {
  const definition = await unlessMissing(content.loadFormDefinition(name));
  if (!definition) throw new NotFoundException(FORM_NOT_FOUND_MESSAGE);
  return definition;
}

@Injectable()
export class SubmissionTargets {
  constructor(private readonly content: ContentStore) {}

  /** 404 "Form not found" when the name is neither (or not a safe content name). */
  async resolve(name: string): Promise<SubmissionTarget> {
    const definition = await unlessMissing(this.content.loadFormDefinition(name));
    if (definition) return { kind: 'form', definition };
    const bundle = await unlessMissing(this.content.loadEstimatorBundle(name));
    if (bundle) return { kind: 'estimator', bundle };
    throw new NotFoundException(FORM_NOT_FOUND_MESSAGE);
  }
}
