// Every /images/... path mentioned anywhere in content/ must be one the generator writes.
import { IMAGE_URL_PREFIX } from '../images/plan.mjs';

export function collectImageRefs(value, path, out) {
  if (typeof value === 'string') {
    if (value.startsWith(IMAGE_URL_PREFIX)) out.push({ path, src: value });
    // HTML fields may embed images too
    for (const [, src] of value.matchAll(/src=["'](\/images\/[^"']+)["']/g)) out.push({ path, src });
  } else if (Array.isArray(value)) value.forEach((v, i) => collectImageRefs(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collectImageRefs(v, path ? `${path}.${k}` : k, out);
  return out;
}

export function checkImageRefs(json, plan, report) {
  for (const { path, src } of collectImageRefs(json, '', [])) {
    const rel = src.slice(IMAGE_URL_PREFIX.length);
    if (!plan.has(rel)) report(path, `points to ${src}, which scripts/generate-images.mjs does not generate`);
  }
}
