/**
 * The Stripe.js stand-in: the surface of Stripe.js that @stripe/stripe-js and @stripe/react-stripe-js
 * use (`Stripe(pk)`, `elements()`, `elements.create/getElement/update/submit`, an element's
 * `mount/unmount/destroy/on/off/update/focus/blur/clear`, `createPaymentMethod`, `confirmCardPayment`,
 * `confirmPayment`, `retrievePaymentIntent`). Like Stripe's, each card field is an iframe on the
 * stand-in's own origin: the number, expiry and CVC are typed there, the card number field's frame
 * gathers the others over a BroadcastChannel and posts the card to the stand-in's /v1/payment_methods
 * with the publishable key. The page only ever receives the PaymentMethod (id, brand, last four).
 */
export const STRIPE_JS_PATH = '/v3/stripe.js';
export const STRIPE_ELEMENTS_FRAME_PATH = '/__stand-in/stripe/elements-frame';

const STRIPE_JS = String.raw`
(function () {
  'use strict';
  if (window.Stripe) return;
  var BASE = __BASE__;
  var FRAME = BASE + '/__stand-in/stripe/elements-frame';
  var seq = 0;
  var nextId = function (prefix) { seq += 1; return prefix + '-' + Date.now().toString(36) + '-' + seq; };
  var pending = {};

  window.addEventListener('message', function (event) {
    if (event.origin !== BASE) return;
    var data = event.data;
    if (!data || data.__stripeStandIn !== true) return;
    if (data.type === 'result' && pending[data.requestId]) {
      var resolve = pending[data.requestId];
      delete pending[data.requestId];
      resolve(data.result);
      return;
    }
    var element = Element.byId[data.elementId];
    if (element) element._fromFrame(data);
  });

  function request(frameWindow, message) {
    return new Promise(function (resolve) {
      var requestId = nextId('req');
      pending[requestId] = resolve;
      message.__stripeStandIn = true;
      message.requestId = requestId;
      frameWindow.postMessage(message, BASE);
    });
  }

  function api(pk, method, path, params) {
    var body = new URLSearchParams();
    Object.keys(params || {}).forEach(function (key) { if (params[key] !== undefined && params[key] !== null) body.append(key, String(params[key])); });
    var url = BASE + path + (method === 'GET' ? '?' + body.toString() : '');
    return fetch(url, {
      method: method,
      headers: { authorization: 'Bearer ' + pk, 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : body.toString(),
    }).then(function (res) { return res.json(); });
  }

  function Element(group, type, options) {
    this._group = group;
    this._type = type;
    this._options = options || {};
    this._id = nextId('el');
    this._handlers = {};
    this._frame = null;
    this._state = { empty: true, complete: false, error: undefined, brand: 'unknown' };
    Element.byId[this._id] = this;
  }
  Element.byId = {};
  Element.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw new Error('IntegrationError: the container to mount the ' + this._type + ' Element in was not found');
    var frame = document.createElement('iframe');
    frame.name = '__privateStripeFrame' + this._id;
    frame.title = this._type === 'cardNumber' ? 'Secure card number input frame' : this._type === 'cardExpiry' ? 'Secure expiration date input frame' : this._type === 'cardCvc' ? 'Secure CVC input frame' : 'Secure payment input frame';
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'border:none;width:100%;height:' + (this._type === 'payment' ? '150px' : '40px') + ';display:block;overflow:hidden';
    var query = new URLSearchParams({ type: this._type, element: this._id, group: this._group._id, pk: this._group._stripe._pk, origin: window.location.origin, placeholder: this._options.placeholder || '' });
    frame.src = FRAME + '?' + query.toString();
    var self = this;
    frame.addEventListener('load', function () { self._emit('loaderstart', { elementType: self._type }); });
    node.appendChild(frame);
    this._frame = frame;
    this._node = node;
  };
  Element.prototype._post = function (message) {
    if (!this._frame || !this._frame.contentWindow) return;
    message.__stripeStandIn = true;
    this._frame.contentWindow.postMessage(message, BASE);
  };
  Element.prototype._fromFrame = function (data) {
    if (data.type === 'ready') this._emit('ready', { elementType: this._type });
    else if (data.type === 'change') {
      this._state = data.state;
      this._emit('change', { elementType: this._type, empty: data.state.empty, complete: data.state.complete, error: data.state.error, brand: data.state.brand, value: data.state.value });
    } else if (data.type === 'focus' || data.type === 'blur' || data.type === 'escape') this._emit(data.type, { elementType: this._type });
    else if (data.type === 'submit') this._emit('submit', { elementType: this._type });
  };
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) { handler(payload); });
  };
  Element.prototype.on = function (event, handler) { (this._handlers[event] = this._handlers[event] || []).push(handler); return this; };
  Element.prototype.once = function (event, handler) {
    var self = this;
    var wrapped = function (payload) { self.off(event, wrapped); handler(payload); };
    return this.on(event, wrapped);
  };
  Element.prototype.off = function (event, handler) {
    if (!handler) delete this._handlers[event];
    else this._handlers[event] = (this._handlers[event] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  Element.prototype.update = function (options) { this._options = Object.assign({}, this._options, options); this._post({ type: 'update', options: options }); };
  Element.prototype.focus = function () { if (this._frame) this._frame.focus(); this._post({ type: 'focus' }); };
  Element.prototype.blur = function () { this._post({ type: 'blur' }); };
  Element.prototype.clear = function () { this._post({ type: 'clear' }); };
  Element.prototype.unmount = function () { if (this._frame) { this._frame.remove(); this._frame = null; } };
  Element.prototype.destroy = function () {
    this.unmount();
    delete Element.byId[this._id];
    if (this._group._elements[this._type] === this) delete this._group._elements[this._type];
    this._destroyed = true;
  };
  Element.prototype.collapse = function () {};

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._id = nextId('grp');
    this._elements = {};
  }
  Elements.prototype.create = function (type, options) {
    if (['card', 'cardNumber', 'cardExpiry', 'cardCvc', 'payment'].indexOf(type) < 0) throw new Error('IntegrationError: the Stripe.js stand-in has no ' + type + ' Element');
    if (this._elements[type]) throw new Error('IntegrationError: Can only create one Element of type ' + type + '.');
    var element = new Element(this, type, options);
    this._elements[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    var name = typeof type === 'string' ? type : type && type.__elementType;
    return this._elements[name] || null;
  };
  Elements.prototype.update = function (options) { this._options = Object.assign({}, this._options, options); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () {
    var payment = this._elements.payment;
    if (!payment) return Promise.resolve({});
    var state = payment._state;
    if (state.complete) return Promise.resolve({});
    return Promise.resolve({ error: state.error || { type: 'validation_error', code: 'incomplete', message: 'Your payment details are incomplete.' } });
  };

  /** The element whose frame gathers the card (the number's, or the Payment Element's). */
  function controllerOf(element) {
    if (!element || element._destroyed) return null;
    if (element._type === 'payment' || element._type === 'card' || element._type === 'cardNumber') return element;
    return element._group._elements.cardNumber || null;
  }

  function StripeInstance(pk, options) {
    if (typeof pk !== 'string' || !/^pk_/.test(pk)) throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    this._pk = pk;
    this._options = options || {};
  }
  StripeInstance.prototype.elements = function (options) { return new Elements(this, options); };
  StripeInstance.prototype.registerAppInfo = function () {};
  StripeInstance.prototype._registerWrapper = function () {};
  StripeInstance.prototype.createToken = function () {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The Stripe.js stand-in makes PaymentMethods only (createPaymentMethod).' } });
  };
  StripeInstance.prototype._paymentMethod = function (element, billingDetails) {
    var controller = controllerOf(element);
    if (!controller || !controller._frame) return Promise.resolve({ error: { type: 'invalid_request_error', code: 'integration_error', message: 'We could not retrieve data from the specified Element.' } });
    return request(controller._frame.contentWindow, { type: 'createPaymentMethod', billing_details: billingDetails || {} });
  };
  StripeInstance.prototype.createPaymentMethod = function (params) {
    params = params || {};
    if (params.elements) {
      var payment = params.elements.getElement('payment');
      return this._paymentMethod(payment, params.params && params.params.billing_details);
    }
    return this._paymentMethod(params.card || (params.element), params.billing_details);
  };
  StripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = String(clientSecret || '').split('_secret_')[0];
    return api(this._pk, 'GET', '/v1/payment_intents/' + encodeURIComponent(id), { client_secret: clientSecret }).then(function (body) {
      return body.error ? { error: body.error } : { paymentIntent: body };
    });
  };
  StripeInstance.prototype._confirm = function (clientSecret, paymentMethod, returnUrl, redirect) {
    var pk = this._pk;
    var id = String(clientSecret || '').split('_secret_')[0];
    var params = { client_secret: clientSecret, payment_method: paymentMethod };
    if (returnUrl) params.return_url = returnUrl;
    return api(pk, 'POST', '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', params).then(function (body) {
      if (body.error) return { error: body.error };
      var next = body.next_action;
      var url = next && (next.redirect_to_url ? next.redirect_to_url.url : next.use_stripe_sdk ? next.use_stripe_sdk.stripe_js : null);
      if (body.status === 'requires_action' && url && redirect !== 'if_required_no_redirect') {
        window.location.assign(url);
        return new Promise(function () {});
      }
      if (returnUrl && redirect === 'always' && body.status !== 'requires_payment_method') {
        var back = new URL(returnUrl);
        back.searchParams.set('payment_intent', body.id);
        back.searchParams.set('payment_intent_client_secret', clientSecret);
        back.searchParams.set('redirect_status', body.status === 'succeeded' ? 'succeeded' : body.status);
        window.location.assign(back.toString());
        return new Promise(function () {});
      }
      return { paymentIntent: body };
    });
  };
  StripeInstance.prototype.confirmCardPayment = function (clientSecret, data) {
    var self = this;
    data = data || {};
    var method = data.payment_method;
    if (typeof method === 'string') return this._confirm(clientSecret, method, data.return_url, 'if_required');
    var element = method && method.card;
    return this._paymentMethod(element, method && method.billing_details).then(function (made) {
      if (made.error) return { error: made.error };
      return self._confirm(clientSecret, made.paymentMethod.id, data.return_url, 'if_required');
    });
  };
  StripeInstance.prototype.confirmPayment = function (options) {
    var self = this;
    options = options || {};
    var confirmParams = options.confirmParams || {};
    if (!options.clientSecret || !options.elements) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmPayment needs elements and a clientSecret.' } });
    if (options.redirect !== 'if_required' && !confirmParams.return_url) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmPayment needs confirmParams.return_url.' } });
    return this._paymentMethod(options.elements.getElement('payment') || options.elements.getElement('cardNumber'), confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details).then(function (made) {
      if (made.error) return { error: made.error };
      return self._confirm(options.clientSecret, made.paymentMethod.id, confirmParams.return_url, options.redirect === 'if_required' ? 'if_required' : 'always');
    });
  };
  StripeInstance.prototype.handleNextAction = function (options) { return this.retrievePaymentIntent(options.clientSecret); };

  function Stripe(pk, options) { return new StripeInstance(pk, options); }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

export function stripeJsSource(base: string): string {
  return STRIPE_JS.replace('__BASE__', JSON.stringify(base));
}

/** One card field (or the Payment Element's card form), in its own frame on the stand-in's origin. */
const FRAME_HTML = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in field</title>
<style>
  html, body { margin: 0; padding: 0; background: transparent; font: 16px system-ui, sans-serif; }
  input { box-sizing: border-box; width: 100%; height: 38px; padding: 6px 10px; border: 1px solid #c7c7c7; border-radius: 4px; font: inherit; color: #222; background: #fff; }
  input:focus { outline: 2px solid #635bff; outline-offset: -1px; }
  input.invalid { border-color: #df1b41; color: #df1b41; }
  .row { display: flex; gap: 8px; margin-bottom: 8px; }
  label { display: block; font-size: 13px; color: #555; margin-bottom: 2px; }
</style></head>
<body><div id="root"></div>
<script>
(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var type = query.get('type');
  var elementId = query.get('element');
  var group = query.get('group');
  var pk = query.get('pk');
  var parentOrigin = query.get('origin');
  var channel = new BroadcastChannel('stripe-stand-in-' + group);
  var root = document.getElementById('root');
  var inputs = {};

  function input(name, label, placeholder, autocomplete, withLabel) {
    var wrap = document.createElement('div');
    wrap.style.flex = '1';
    var field = document.createElement('input');
    field.name = name;
    field.setAttribute('aria-label', label);
    field.placeholder = query.get('placeholder') || placeholder;
    field.autocomplete = autocomplete;
    field.inputMode = 'numeric';
    if (withLabel) { var l = document.createElement('label'); l.textContent = label; wrap.appendChild(l); }
    wrap.appendChild(field);
    inputs[name] = field;
    return wrap;
  }

  var payment = type === 'payment';
  if (type === 'cardNumber' || type === 'card' || payment) root.appendChild(input('number', 'Card number', '1234 1234 1234 1234', 'cc-number', payment));
  if (type === 'cardExpiry' || type === 'card' || payment) root.appendChild(input('expiry', 'Expiration date MM / YY', 'MM / YY', 'cc-exp', payment));
  if (type === 'cardCvc' || type === 'card' || payment) root.appendChild(input('cvc', 'Security code', 'CVC', 'cc-csc', payment));

  var digits = function (value) { return String(value || '').replace(/\D/g, ''); };
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function brand(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^6(011|5)/.test(number)) return 'discover';
    return 'unknown';
  }
  /** Stripe.js's own validation errors for each field. */
  function check(name) {
    var value = digits(inputs[name].value);
    if (name === 'number') {
      if (!value) return { empty: true };
      var length = brand(value) === 'amex' ? 15 : 16;
      if (value.length < length && !(value.length >= 13 && luhn(value) && value.length > 15)) {
        return value.length >= length ? {} : { incomplete: true, error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
      }
      return luhn(value) ? { complete: true } : { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
    }
    if (name === 'expiry') {
      if (!value) return { empty: true };
      if (value.length < 4) return { incomplete: true, error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." } };
      var month = Number(value.slice(0, 2));
      var year = 2000 + Number(value.slice(2, 4));
      var now = new Date();
      if (month < 1 || month > 12) return { error: { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." } };
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
        return { error: { type: 'validation_error', code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." } };
      }
      return { complete: true };
    }
    if (!value) return { empty: true };
    if (value.length < 3) return { incomplete: true, error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
    return { complete: true };
  }
  function state() {
    var names = Object.keys(inputs);
    var results = names.map(check);
    var error;
    results.forEach(function (r) { if (!error && r.error && !r.incomplete) error = r.error; });
    return {
      empty: results.every(function (r) { return r.empty; }),
      complete: results.every(function (r) { return r.complete; }),
      error: error,
      brand: inputs.number ? brand(digits(inputs.number.value)) : 'unknown',
      value: payment ? { type: 'card' } : undefined,
    };
  }
  function toParent(message) {
    message.__stripeStandIn = true;
    message.elementId = elementId;
    parent.postMessage(message, parentOrigin);
  }
  function format(name) {
    var field = inputs[name];
    var value = digits(field.value);
    if (name === 'number') field.value = value.slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
    else if (name === 'expiry') field.value = value.length > 2 ? value.slice(0, 2) + ' / ' + value.slice(2, 4) : value;
    else field.value = value.slice(0, 4);
  }
  Object.keys(inputs).forEach(function (name) {
    var field = inputs[name];
    field.addEventListener('input', function () {
      format(name);
      field.classList.remove('invalid');
      toParent({ type: 'change', state: state() });
    });
    field.addEventListener('focus', function () { toParent({ type: 'focus' }); });
    field.addEventListener('blur', function () {
      var r = check(name);
      field.classList.toggle('invalid', !!r.error);
      var s = state();
      // on leaving a field, an incomplete one is reported too (like Stripe.js)
      if (!s.error && r.error) s.error = r.error;
      toParent({ type: 'blur' });
      toParent({ type: 'change', state: s });
    });
    field.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); toParent({ type: 'submit' }); }
      if (event.key === 'Escape') toParent({ type: 'escape' });
    });
  });

  // the number's frame gathers the expiry and CVC from their frames when asked to make the PaymentMethod
  var collecting = {};
  channel.onmessage = function (event) {
    var data = event.data || {};
    if (data.type === 'collect') {
      var values = {};
      Object.keys(inputs).forEach(function (name) { if (name !== 'number' || type !== 'cardNumber') values[name] = digits(inputs[name].value); });
      if (type !== 'cardNumber') channel.postMessage({ type: 'value', requestId: data.requestId, values: values });
    } else if (data.type === 'value' && collecting[data.requestId]) {
      collecting[data.requestId](data.values);
    }
  };
  function collect() {
    return new Promise(function (resolve) {
      var requestId = Math.random().toString(36).slice(2);
      var values = {};
      var got = 0;
      var done = function () { delete collecting[requestId]; resolve(values); };
      collecting[requestId] = function (more) { Object.assign(values, more); got += 1; if (got >= 2) done(); };
      channel.postMessage({ type: 'collect', requestId: requestId });
      setTimeout(done, 1500);
    });
  }
  function cardError(code, message, param) { return { error: { type: 'validation_error', code: code, message: message, param: param } }; }

  function createPaymentMethod(billingDetails) {
    var own = {};
    Object.keys(inputs).forEach(function (name) { own[name] = digits(inputs[name].value); });
    var gather = type === 'cardNumber' ? collect() : Promise.resolve({});
    return gather.then(function (others) {
      var card = Object.assign({}, others, own);
      var number = card.number || '';
      var expiry = card.expiry || '';
      var cvc = card.cvc || '';
      if (number.length < 13) return cardError('incomplete_number', 'Your card number is incomplete.', 'number');
      if (!luhn(number)) return cardError('invalid_number', 'Your card number is invalid.', 'number');
      if (expiry.length < 4) return cardError('incomplete_expiry', "Your card's expiration date is incomplete.", 'exp');
      var month = Number(expiry.slice(0, 2));
      var year = 2000 + Number(expiry.slice(2, 4));
      var now = new Date();
      if (month < 1 || month > 12) return cardError('invalid_expiry_month', "Your card's expiration date is invalid.", 'exp');
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return cardError('invalid_expiry_year_past', "Your card's expiration year is in the past.", 'exp');
      if (cvc.length < 3) return cardError('incomplete_cvc', "Your card's security code is incomplete.", 'cvc');
      var body = new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': String(month), 'card[exp_year]': String(year), 'card[cvc]': cvc });
      Object.keys(billingDetails || {}).forEach(function (key) { if (typeof billingDetails[key] === 'string') body.append('billing_details[' + key + ']', billingDetails[key]); });
      return fetch('/v1/payment_methods', { method: 'POST', headers: { authorization: 'Bearer ' + pk, 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() })
        .then(function (res) { return res.json(); })
        .then(function (json) { return json.error ? { error: json.error } : { paymentMethod: json }; });
    }).catch(function () { return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } }; });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin) return;
    var data = event.data || {};
    if (data.__stripeStandIn !== true) return;
    if (data.type === 'createPaymentMethod') {
      createPaymentMethod(data.billing_details).then(function (result) { toParent({ type: 'result', requestId: data.requestId, result: result }); });
    } else if (data.type === 'focus') {
      var first = Object.keys(inputs).map(function (n) { return inputs[n]; })[0];
      if (first) first.focus();
    } else if (data.type === 'blur') {
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    } else if (data.type === 'clear') {
      Object.keys(inputs).forEach(function (name) { inputs[name].value = ''; inputs[name].classList.remove('invalid'); });
      toParent({ type: 'change', state: state() });
    } else if (data.type === 'update' && data.options && data.options.placeholder && inputs.number) {
      inputs.number.placeholder = data.options.placeholder;
    }
  });
  toParent({ type: 'ready' });
})();
</script></body></html>`;

export function elementsFrameHtml(): string {
  return FRAME_HTML;
}
