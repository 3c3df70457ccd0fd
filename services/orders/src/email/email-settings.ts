import { Injectable, Logger } from '@nestjs/common';
import type { NotificationSettings } from '@storefront/contracts';
import { readPublicSiteUrl } from '@storefront/service-kit';
import { ContentNotFoundError, ContentStore, memoizeUntilFailure } from '@storefront/site-config';
import type { StoreView } from './templates/order-email-view.js';

/**
 * What order e-mails need from content/: the admin recipients and the From (settings/notifications.json)
 * and the store's name and contact for the e-mail's header and footer (site/site.json). Read once;
 * a broken file is not remembered, so it keeps failing loudly until fixed and redeployed.
 */
@Injectable()
export class EmailSettings {
  private readonly logger = new Logger('EmailSettings');

  constructor(private readonly content: ContentStore) {}

  readonly notifications: () => Promise<NotificationSettings> = memoizeUntilFailure(() => this.content.loadNotificationSettings());

  readonly store: () => Promise<StoreView> = memoizeUntilFailure(() => this.loadStore());

  /** Where shoppers reach the site (PUBLIC_SITE_URL): the links in e-mails are absolute. */
  readonly siteUrl = readPublicSiteUrl();

  private async loadStore(): Promise<StoreView> {
    const notifications = await this.notifications().catch(() => undefined);
    try {
      const { site } = await this.content.loadSiteData();
      return {
        name: site.name || notifications?.fromName || 'Our store',
        ...(site.email ? { email: site.email } : {}),
        ...(site.phone ? { phone: site.phone } : {}),
      };
    } catch (error) {
      // The store's name is decoration: without a readable site.json (tests, a bare deployment) the
      // e-mails still go out, and queuing never fails (it runs inside the payment's transaction).
      if (!(error instanceof ContentNotFoundError)) this.logger.warn(`E-mails use a plain store name: ${(error as Error).message}`);
      return { name: notifications?.fromName || 'Our store', ...(notifications ? { email: notifications.fromAddress } : {}) };
    }
  }
}
