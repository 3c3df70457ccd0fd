// Payment-method rules: exactly one enabled default, distinct sort orders, known icon designs.

export function checkPaymentMethods(methods, report) {
  if (!Array.isArray(methods)) return;
  const defaults = methods.map((m, i) => [m, i]).filter(([m]) => m?.enabled && m?.isDefault);
  if (defaults.length !== 1) report('', `must have exactly one enabled method with isDefault true (has ${defaults.length})`);
  const orders = new Map();
  methods.forEach((m, i) => {
    if (typeof m?.sortOrder !== 'number') return;
    if (orders.has(m.sortOrder)) report(`[${i}].sortOrder`, `${m.sortOrder} is already used by [${orders.get(m.sortOrder)}]`);
    else orders.set(m.sortOrder, i);
    if (m.name === 'online-payment' && m.gateway !== 'paypal') report(`[${i}].gateway`, 'online-payment is the PayPal method; its gateway must be "paypal"');
  });
}
