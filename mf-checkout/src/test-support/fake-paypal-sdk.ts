/**
 * PayPal's JS SDK as jsdom can have it (jsdom runs no scripts): when @paypal/react-paypal-js inserts
 * the SDK's <script>, its URL is recorded, `window.paypal` is defined with the surface the library
 * uses (Buttons(props) with isEligible, render, close) and the script "loads" (or fails to). The
 * rendered PayPal button runs the merchant's createOrder like PayPal's on click; the test then plays
 * the shopper in PayPal's window with approve() or cancel().
 */
export interface FakePayPalSdk {
  /** the SDK URLs the page asked for */
  readonly scripts: string[];
  /** what createOrder answered for the last click (an order id), or the error it threw */
  readonly created: Promise<string>;
  approve(payerID?: string): Promise<void>;
  cancel(): void;
  uninstall(): void;
}

interface ButtonsProps {
  createOrder?: () => Promise<string>;
  onApprove?: (data: { orderID: string; payerID: string | null }) => Promise<void> | void;
  onCancel?: (data: { orderID: string }) => void;
  onError?: (error: unknown) => void;
}

export function installFakePayPalSdk({ loads = true }: { loads?: boolean } = {}): FakePayPalSdk {
  const scripts: string[] = [];
  let props: ButtonsProps = {};
  let orderID = '';
  let resolveCreated: (id: string) => void = () => undefined;
  let rejectCreated: (error: unknown) => void = () => undefined;
  let created = new Promise<string>((resolve, reject) => {
    resolveCreated = resolve;
    rejectCreated = reject;
  });
  created.catch(() => undefined);

  const paypal = {
    version: '5.0.0-fake',
    Buttons(given: ButtonsProps) {
      props = given;
      let button: HTMLButtonElement | null = null;
      return {
        isEligible: () => true,
        render(container: HTMLElement) {
          button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          button.addEventListener('click', () => {
            created = new Promise<string>((resolve, reject) => {
              resolveCreated = resolve;
              rejectCreated = reject;
            });
            created.catch(() => undefined);
            void Promise.resolve()
              .then(() => props.createOrder!())
              .then(
                (id) => {
                  orderID = id;
                  resolveCreated(id);
                },
                (error: unknown) => {
                  rejectCreated(error);
                  props.onError?.(error);
                },
              );
          });
          container.appendChild(button);
          return Promise.resolve();
        },
        close() {
          button?.remove();
          return Promise.resolve();
        },
      };
    },
  };

  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of Array.from(mutation.addedNodes)) {
        if (node instanceof HTMLScriptElement && node.src.includes('/sdk/js')) {
          scripts.push(node.src);
          setTimeout(() => {
            if (loads) {
              (window as unknown as { paypal?: unknown }).paypal = paypal;
              node.dispatchEvent(new Event('load'));
            } else node.dispatchEvent(new Event('error'));
          }, 0);
        }
      }
    }
  });
  observer.observe(document.head, { childList: true });

  return {
    scripts,
    get created() {
      return created;
    },
    async approve(payerID = 'PAYER123') {
      await props.onApprove?.({ orderID, payerID });
    },
    cancel() {
      props.onCancel?.({ orderID });
    },
    uninstall() {
      observer.disconnect();
      delete (window as unknown as { paypal?: unknown }).paypal;
      for (const script of Array.from(document.head.querySelectorAll('script'))) script.remove();
    },
  };
}
