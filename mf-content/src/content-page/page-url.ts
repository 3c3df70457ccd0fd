/** The content service's page definition of a site path (ContentPage and blocks that read the page's route). */
export function pageUrl(pathname: string): string {
  return `/api/content/page?path=${encodeURIComponent(pathname)}`;
}
