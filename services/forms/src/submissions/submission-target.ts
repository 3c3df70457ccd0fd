import { Injectable, NotFoundException } from '@nestjs/common';
import type { EstimatorBundle, FormDefinition } from '@storefront/contracts';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { FORM_NOT_FOUND_MESSAGE } from './submission-request.js';

/** What POST /api/forms/{name} posts to: a form of content/forms/, else an estimator of content/estimator/. */
export type SubmissionTarget = { kind: 'form'; definition: FormDefinition } | { kind: 'estimator'; bundle: EstimatorBundle };

async function orUndefined<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) return undefined;
    throw error;
  }
}

@Injectable()
export class SubmissionTargets {
  constructor(private readonly content: ContentStore) {}

  /** 404 "Form not found" when the name is neither (or not a safe content name). */
  async resolve(name: string): Promise<SubmissionTarget> {
    const definition = await orUndefined(this.content.loadFormDefinition(name));
    if (definition) return { kind: 'form', definition };
    const bundle = await orUndefined(this.content.loadEstimatorBundle(name));
    if (bundle) return { kind: 'estimator', bundle };
    throw new NotFoundException(FORM_NOT_FOUND_MESSAGE);
  }
}
