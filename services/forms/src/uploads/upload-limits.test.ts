import type { FormDefinition } from '@storefront/contracts';
import { DEFAULT_MAX_FILES_PER_FIELD, fileFieldsOf, uploadLimitsFor } from './upload-limits.js';

const MB = 1048576;

describe('uploadLimitsFor', () => {
  it('caps a file at the largest maxFileSize (default 2 MB) and the count at all maxFiles added up', () => {
    const definition = {
      fields: [
        { name: 'email', type: 'email' },
        { name: 'photos', type: 'file', maxFileSize: 1, maxFiles: 3 },
        { name: 'plan', type: 'file' },
      ],
    } as FormDefinition;
    expect(uploadLimitsFor(definition)).toMatchObject({ fileSize: 2 * MB, files: 3 + DEFAULT_MAX_FILES_PER_FIELD });
  });

  it('counts the file fields of every step', () => {
    const definition = {
      fields: [],
      steps: [{ title: 'a', fields: [{ name: 'name', type: 'text' }] }, { title: 'b', fields: [{ name: 'plan', type: 'file', maxFileSize: 5, maxFiles: 1 }] }],
    } as unknown as FormDefinition;
    expect(fileFieldsOf(definition).map((field) => field.name)).toEqual(['plan']);
    expect(uploadLimitsFor(definition)).toMatchObject({ fileSize: 5 * MB, files: 1 });
  });

  it('takes no files for a form without file fields', () => {
    expect(uploadLimitsFor({ fields: [{ name: 'email', type: 'email' }] } as FormDefinition)).toMatchObject({ fileSize: 0, files: 0 });
  });
});
