/** For productionProblems: a provider URL (API base, script, the site shoppers return to) must be https in production. */
export function isHttpsUrl(value: string | undefined): boolean {
  try {
    return new URL(value?.trim() ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}
