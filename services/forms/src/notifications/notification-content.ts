import { Injectable, Logger } from '@nestjs/common';
import type { NotificationSettings } from '@storefront/contracts';
import { ContentNotFoundError, ContentStore, memoizeUntilFailure } from '@storefront/site-config';
import type { StoreView } from './templates/form-email.js';

/**
 * The staff recipients of a form's notification: its own list in settings/notifications.json
 * `formRecipients`, else the `default` list, else nobody. Content only: nothing the browser sends is
 * ever a recipient.
 */
export function staffRecipientsFor(settings: Pick<NotificationSettings, 'formRecipients'>, formName: string): string[] {
  const lists = settings.formRecipients ?? {};
  return (Object.hasOwn(lists, formName) ? lists[formName] : lists.default) ?? [];
}

/** What form e-mails need from content/: staff recipients and the store's name and contact. Read once. */
@Injectable()
export class NotificationContent {
  private readonly logger = new Logger('NotificationContent');

  constructor(private readonly content: ContentStore) {}

  readonly settings: () => Promise<NotificationSettings> = memoizeUntilFailure(() => this.content.loadNotificationSettings());

  readonly store: () => Promise<StoreView> = memoizeUntilFailure(() => this.loadStore());

  private async loadStore(): Promise<StoreView> {
    const settings = await this.settings().catch(() => undefined);
    try {
      const { site } = await this.content.loadSiteData();
      return {
        name: site.name || settings?.fromName || 'Our store',
        ...(site.email ? { email: site.email } : {}),
        ...(site.phone ? { phone: site.phone } : {}),
      };
    } catch (error) {
      // the store's name is decoration: without site.json (tests, a bare deployment) e-mails still go out
      if (!(error instanceof ContentNotFoundError)) this.logger.warn(`Form e-mails use a plain store name: ${(error as Error).message}`);
      return { name: settings?.fromName || 'Our store', ...(settings ? { email: settings.fromAddress } : {}) };
    }
  }
}
