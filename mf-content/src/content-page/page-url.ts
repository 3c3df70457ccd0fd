/** The content service's page definition for a site path (ContentPage and the breadcrumb block read the same answer). */
export function pageUrl(pathname: string): string {
  return `/api/content/page?path=${encodeURIComponent(pathname)}`;
}
