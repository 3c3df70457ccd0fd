// The import zones and contract rules of eslint.config.mjs, checked on code written for the test:
// each rule must fire where it should (and not on a legal import), so a config edit cannot switch
// one off unnoticed. Run by `node --test scripts/lib/` (npm run test:unit) after the packages are built.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { REMOTES } from '@storefront/topology';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => message.message);
}

test('a remote importing another remote is refused', async () => {
  const messages = await messagesFor('mf-checkout/src/zone-probe.ts', "import { orderSamples } from '../../mf-catalog/src/samples/sample-ordering';\nexport const probe = orderSamples;\n");
  assert.ok(
    messages.some((message) => message.includes('A remote never imports another remote or the shell')),
    messages.join('\n'),
  );
});

test('every remote of packages/topology is a remote to lint: it imports no other remote, no shell, no router of its own, no server code', async () => {
  for (const { folder } of REMOTES) {
    const other = REMOTES.find((remote) => remote.folder !== folder).folder;
    const remote = await messagesFor(`${folder}/src/zone-probe.ts`, `import * as other from '../../${other}/src/index';\nexport const probe = other;\n`);
    assert.ok(remote.some((message) => message.includes('A remote never imports another remote or the shell')), `${folder}: ${remote.join('\n')}`);
    const shell = await messagesFor(`${folder}/src/zone-probe.ts`, "import { remoteRoutes } from '../../shell/src/routes/route-table';\nexport const probe = remoteRoutes;\n");
    assert.ok(shell.some((message) => message.includes('A remote never imports another remote or the shell')), `${folder}: ${shell.join('\n')}`);
    const router = await messagesFor(`${folder}/src/zone-probe.ts`, "import { Link } from 'react-router-dom';\nexport const probe = Link;\n");
    assert.ok(router.some((message) => message.includes('A remote imports Link and the router hooks from @storefront/ui')), `${folder}: ${router.join('\n')}`);
    const server = await messagesFor(`${folder}/src/zone-probe.ts`, "import { Route } from '@storefront/service-kit';\nexport const probe = Route;\n");
    assert.ok(server.some((message) => message.includes('Browser code never imports server-only packages')), `${folder}: ${server.join('\n')}`);
    const byShell = await messagesFor('shell/src/zone-probe.ts', `import * as remote from '../../${folder}/src/index';\nexport const probe = remote;\n`);
    assert.ok(byShell.some((message) => message.includes("The shell never imports a remote's source")), `shell -> ${folder}: ${byShell.join('\n')}`);
  }
});

test('the back office (mf-backoffice) and the shop reach each other only by module id', async () => {
  const intoShop = await messagesFor('mf-backoffice/src/orders/zone-probe.ts', "import CheckoutPage from '../../../mf-checkout/src/checkout/CheckoutPage';\nexport const probe = CheckoutPage;\n");
  assert.ok(intoShop.some((message) => message.includes('A remote never imports another remote or the shell')), intoShop.join('\n'));
  const intoBackOffice = await messagesFor('mf-checkout/src/zone-probe.ts', "import { BackofficeFrame } from '../../mf-backoffice/src/frame/BackofficeFrame';\nexport const probe = BackofficeFrame;\n");
  assert.ok(intoBackOffice.some((message) => message.includes('A remote never imports another remote or the shell')), intoBackOffice.join('\n'));
  const uiKit = await messagesFor('mf-backoffice/src/orders/zone-probe.ts', "import { ADMIN_PATHS } from '@storefront/contracts';\nimport { Link } from '@storefront/ui';\nexport const probe = [ADMIN_PATHS, Link];\n");
  assert.deepEqual(uiKit, []);
});

test('packages/ importing a service is refused', async () => {
  const messages = await messagesFor('packages/money/src/zone-probe.ts', "import { AppModule } from '../../../services/orders/src/app.module.js';\nexport const probe = AppModule;\n");
  assert.ok(messages.some((message) => message.includes('packages/ never imports an app, a service or the tests')), messages.join('\n'));
});

test('browser code importing a server-only package is refused, a browser package is not', async () => {
  const refused = await messagesFor('mf-forms/src/zone-probe.ts', "import { Route } from '@storefront/service-kit';\nexport const probe = Route;\n");
  assert.ok(refused.some((message) => message.includes('Browser code never imports server-only packages')), refused.join('\n'));
  const allowed = await messagesFor('mf-forms/src/zone-probe.ts', "import { formatUsd } from '@storefront/money';\nexport const probe = formatUsd;\n");
  assert.deepEqual(allowed, []);
});

test("browser code reads the content-file schemas' types, never the schemas themselves", async () => {
  const refused = await messagesFor('mf-content/src/zone-probe.ts', "import { pageContentSchema } from '@storefront/contracts/content-files';\nexport const probe = pageContentSchema;\n");
  assert.ok(refused.some((message) => message.includes('Browser code never imports server-only packages')), refused.join('\n'));
  const types = await messagesFor('mf-content/src/zone-probe.ts', "import type { PageContent } from '@storefront/contracts/content-files';\nexport type Probe = PageContent;\n");
  assert.deepEqual(types, []);
  const insideContracts = await messagesFor('packages/contracts/src/zone-probe.ts', "import { siteSettingsSchema } from './content-files/site.js';\nexport const probe = siteSettingsSchema;\n");
  assert.ok(insideContracts.some((message) => message.includes('Browser code never imports server-only packages')), insideContracts.join('\n'));
});

test('a service importing another service is refused', async () => {
  const messages = await messagesFor('services/payments/src/zone-probe.ts', "import { OrdersService } from '../../orders/src/orders/orders.service.js';\nexport const probe = OrdersService;\n");
  assert.ok(messages.some((message) => message.includes('A service never imports another service')), messages.join('\n'));
});

test("the orders service's e-mail is imported through its index, never its insides", async () => {
  const refused = await messagesFor('services/orders/src/orders/zone-probe.ts', "import { EmailDelivery } from '../email/email-delivery.js';\nexport const probe = EmailDelivery;\n");
  assert.ok(refused.some((message) => message.includes('import e-mail from its index')), refused.join('\n'));
  const topLevel = await messagesFor('services/orders/src/zone-probe.ts', "import { readEmailConfig } from './email/email-config.js';\nexport const probe = readEmailConfig;\n");
  assert.ok(topLevel.some((message) => message.includes('import e-mail from its index')), topLevel.join('\n'));
  const allowed = await messagesFor('services/orders/src/orders/zone-probe.ts', "import { OrderEmails } from '../email/index.js';\nexport const probe = OrderEmails;\n");
  assert.deepEqual(allowed, []);
  const inside = await messagesFor('services/orders/src/email/zone-probe.ts', "import { EmailDelivery } from './email-delivery.js';\nexport const probe = EmailDelivery;\n");
  assert.deepEqual(inside, []);
});

test('an API URL written by hand, and a controller reading an unchecked body, are refused', async () => {
  const url = await messagesFor('mf-content/src/zone-probe.ts', "export const url = '/api/content/site';\n");
  assert.ok(url.some((message) => message.includes('Build API URLs from the route table')), url.join('\n'));
  const controller = await messagesFor(
    'services/orders/src/zone-probe.controller.ts',
    "import { Body, Controller, Post } from '@nestjs/common';\n@Controller()\nexport class Probe {\n  @Post('/api/x')\n  take(@Body() body: unknown) {\n    return body;\n  }\n}\n",
  );
  assert.ok(controller.some((message) => message.includes('Controllers take validated input')), controller.join('\n'));
});

test('a module that imports back the module importing it is refused; a type-only import back is not', async () => {
  // route-metadata.ts is imported by route.decorator.ts: importing the decorator from it closes a cycle
  const file = 'packages/service-kit/src/route-table/route-metadata.ts';
  const cycle = await messagesFor(file, "import { Route } from './route.decorator.js';\nexport const ROUTE_METADATA = 'storefront:route';\nexport const probe = Route;\n");
  assert.ok(cycle.some((message) => message.includes('Dependency cycle')), cycle.join('\n'));
  const typeOnly = await messagesFor(file, "import type { RouteOptions } from './route.decorator.js';\nexport const ROUTE_METADATA = 'storefront:route';\nexport type Probe = RouteOptions;\n");
  assert.deepEqual(typeOnly, []);
});

test("mf-checkout's pages use the payment feature through its index, and only the checkout page imports checkout/", async () => {
  const inside = await messagesFor('mf-checkout/src/quote-payment/zone-probe.ts', "import { payOrder } from '../payment/pay-order.js';\nexport const probe = payOrder;\n");
  assert.ok(inside.some((message) => message.includes('through its index')), inside.join('\n'));
  const index = await messagesFor('mf-checkout/src/quote-payment/zone-probe.ts', "import { payOrder } from '../payment/index.js';\nexport const probe = payOrder;\n");
  assert.deepEqual(index, []);
  const checkout = await messagesFor('mf-checkout/src/account/zone-probe.ts', "import { useCartSummary } from '../checkout/useCartSummary.js';\nexport const probe = useCartSummary;\n");
  assert.ok(checkout.some((message) => message.includes('Only the checkout page imports checkout/')), checkout.join('\n'));
  const page = await messagesFor('mf-checkout/src/payment/zone-probe.ts', "import CheckoutPage from '../checkout/CheckoutPage.js';\nexport const probe = CheckoutPage;\n");
  assert.ok(page.some((message) => message.includes('The payment feature never imports a page')), page.join('\n'));
});
