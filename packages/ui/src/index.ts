export { Button, ButtonLink } from './Button.js';
export type { ButtonProps, ButtonLinkProps, ButtonVariant } from './Button.js';
export { Alert } from './Alert.js';
export { Breadcrumb, type Crumb } from './Breadcrumb.js';
export type { AlertProps, AlertType } from './Alert.js';
export { LoadingState, EmptyState, ErrorState, Skeleton } from './states.js';
export type { LoadingStateProps, EmptyStateProps, ErrorStateProps, SkeletonProps } from './states.js';
export { PageContainer } from './PageContainer.js';
export { TitledSection, type TitledSectionProps } from './TitledSection.js';
export { RenderErrorBoundary } from './RenderErrorBoundary.js';
export type { RenderErrorBoundaryProps } from './RenderErrorBoundary.js';
export type { PageContainerProps } from './PageContainer.js';
export { SafeHtml } from './safe-html/SafeHtml.js';
export type { SafeHtmlProps } from './safe-html/SafeHtml.js';
export { ResponsiveImage } from './ResponsiveImage.js';
export type { ResponsiveImageProps } from './ResponsiveImage.js';
export { useBrowserDeviceClass, useDeviceClass, deviceClassFor, MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from './useDeviceClass.js';
// the page data each server render hands to hydration, and the store that reads it back
export * from './page-data/index.js';
export { useScrollLock } from './useScrollLock.js';
export { Dialog } from './dialog/Dialog.js';
export type { DialogProps } from './dialog/Dialog.js';
export { useTransientValue, CHECKOUT_MESSAGE_MS, RESULT_MESSAGE_MS } from './useTransientValue.js';
export { RequestCookiesContext, parseCookieHeader, useRequestCookie } from './request-cookies.js';
export { useFocusTrap, focusableIn } from './useFocusTrap.js';
export type { FocusTrap, FocusTrapOptions } from './useFocusTrap.js';
export { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DAYS, COOKIE_CONSENT_EVENT, readCookieConsent, storeCookieConsent } from './consent.js';
export type { CookieConsent } from './consent.js';
export { ANALYTICS_EVENTS, ANALYTICS_VISITOR, analyticsEventForHref, pushAnalyticsEvent } from './analytics.js';
export type { AnalyticsEventName, AnalyticsParams, DataLayerEntry } from './analytics.js';
export { AlertsProvider, useAlerts, ALERT_FADE_MS } from './AlertsProvider.js';
export type { AlertsApi, SiteAlert } from './AlertsProvider.js';
// listings and tables (pagination types of §9, the generic sortable table, status badges)
export * from './pagination/index.js';
export { StatusBadge } from './status-badge/StatusBadge.js';
export type { StatusBadgeProps } from './status-badge/StatusBadge.js';
export { statusBadgeLook, statusText, UNKNOWN_STATUS_LABEL } from './status-badge/status-badge.js';
export type { StatusBadgeKind, StatusBadgeLook, StatusBadgeTone } from './status-badge/status-badge.js';
// end listings and tables
// slider (media blocks)
export { usePrefersReducedMotion } from './slider/usePrefersReducedMotion.js';
// useDismiss: outside pointer-down + Escape for menus, dropdowns and drawers
export { useDismiss } from './useDismiss.js';
export type { DismissOptions, DismissReason } from './useDismiss.js';
// the modal side drawer (phone menu, cart) and the toggle-and-panel dropdown
export { Drawer, useDrawer } from './drawer/Drawer.js';
export type { DrawerClassNames, DrawerProps } from './drawer/Drawer.js';
export { useDropdown } from './dropdown/useDropdown.js';
export type { DropdownOptions } from './dropdown/useDropdown.js';
// style page parts: swatch overflow, tabs, the zoom lightbox, the FAQ accordion
export { CARD_SWATCH_MAX_VISIBLE, STYLE_SWATCH_MAX_VISIBLE, SWATCH_LESS_LABEL, SWATCH_MAX_VISIBLE, SwatchList, swatchOverflow } from './swatches/SwatchList.js';
export type { SwatchListProps } from './swatches/SwatchList.js';
export { FinishSwatch } from './swatches/FinishSwatch.js';
export type { FinishSwatchProps } from './swatches/FinishSwatch.js';
export { Tabs, nextTabIndex } from './tabs/Tabs.js';
export type { TabItem, TabsProps } from './tabs/Tabs.js';
export { Accordion, nextOpenIndex } from './accordion/Accordion.js';
export type { AccordionProps } from './accordion/Accordion.js';
// end style page parts
// text: the one word-boundary cut for descriptions, videos and product cards
export { truncateText } from './text/truncate.js';
// the shell's router, for the remotes (navigation.ts says why it comes through the UI kit)
export { Link, NavLink, useLocation, useNavigate, useParams, useSearchParams } from './navigation.js';
export { failureOf, unreachable, useBrowserCall } from './browser-call.js';
export type { BrowserCall, BrowserCallOptions, BrowserCallState } from './browser-call.js';
export type { LinkProps, NavLinkProps } from './navigation.js';
// The slider (embla), the zoom lightbox, the sortable table and the field kit are entry points of
// their own (@storefront/ui/slider, /lightbox, /table, /fields), each a federation singleton: the kit
// is shared whole, so what most pages do not use stays out of every page's first load.
