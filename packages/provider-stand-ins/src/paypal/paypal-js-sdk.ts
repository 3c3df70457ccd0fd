/**
 * The PayPal JS SDK's stand-in (served at /sdk/js, what PAYPAL_SDK_URL points e2e at): the surface
 * @paypal/react-paypal-js uses of `window.paypal` — `version`, `Buttons(props)` answering
 * `isEligible()`, `render(container)`, `close()`, `updateProps()`, with `onInit(data, actions)`
 * (actions.enable/disable), `onClick(data, actions)` (actions.resolve/reject), `createOrder`,
 * `onApprove({ orderID, payerID, ... })`, `onCancel({ orderID })` and `onError(error)` — and PayPal's
 * popup: the window opens on the click (before createOrder, as PayPal does, so no popup blocker
 * stops it), goes to the stand-in's approval page for the order createOrder answered, and the page
 * tells the opener what the payer did by postMessage. A popup closed without an answer is a cancel.
 */
export const PAYPAL_JS_SDK_STAND_IN = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : window.location.origin;
  var query = script ? new URL(script.src).searchParams : new URLSearchParams();
  if (!query.get('client-id')) { console.error('PayPal stand-in: client-id is required'); return; }

  function Buttons(props) {
    props = props || {};
    var container = null;
    var button = null;
    var enabled = true;
    var closed = false;
    var actions = {
      enable: function () { enabled = true; if (button) button.disabled = false; return Promise.resolve(); },
      disable: function () { enabled = false; if (button) button.disabled = true; return Promise.resolve(); }
    };

    function fail(error) {
      if (typeof props.onError === 'function') props.onError(error instanceof Error ? error : new Error(String(error)));
      else console.error(error);
    }

    function run() {
      if (!enabled) return;
      var popup = window.open('', 'paypal-stand-in-checkout', 'width=500,height=650');
      var settled = false;
      var orderID = null;
      function finish() {
        settled = true;
        window.removeEventListener('message', onMessage);
        clearInterval(watch);
      }
      function onMessage(event) {
        if (event.origin !== origin || !event.data || event.data.source !== 'paypal-stand-in' || event.data.orderID !== orderID) return;
        finish();
        if (event.data.event === 'approve') {
          Promise.resolve(props.onApprove && props.onApprove({ orderID: orderID, payerID: event.data.payerID, paymentID: null, facilitatorAccessToken: 'stand-in', paymentSource: 'paypal' }, {})).catch(fail);
        } else if (typeof props.onCancel === 'function') {
          props.onCancel({ orderID: orderID });
        }
      }
      var watch = setInterval(function () {
        if (!settled && popup && popup.closed) {
          finish();
          if (orderID && typeof props.onCancel === 'function') props.onCancel({ orderID: orderID });
        }
      }, 300);
      window.addEventListener('message', onMessage);
      var clicked = typeof props.onClick === 'function'
        ? new Promise(function (resolve) {
            var answer = props.onClick({ fundingSource: 'paypal' }, { resolve: function () { resolve(true); return Promise.resolve(); }, reject: function () { resolve(false); return Promise.resolve(); } });
            if (answer === false) resolve(false);
            else if (answer && typeof answer.then === 'function') answer.then(function (value) { resolve(value !== false); }, function () { resolve(false); });
            else if (answer !== undefined) resolve(true);
            else setTimeout(function () { resolve(true); }, 0);
          })
        : Promise.resolve(true);
      clicked
        .then(function (go) {
          if (!go) throw { canceledByClick: true };
          return props.createOrder ? props.createOrder({ paymentSource: 'paypal' }, { order: {} }) : Promise.reject(new Error('createOrder is required'));
        })
        .then(function (id) {
          if (typeof id !== 'string' || !id) throw new Error('Expected an order id to be passed');
          orderID = id;
          if (popup && !popup.closed) popup.location.href = origin + '/checkoutnow?token=' + encodeURIComponent(id) + '&popup=1';
        })
        .catch(function (error) {
          finish();
          if (popup && !popup.closed) popup.close();
          if (error && error.canceledByClick) return;
          fail(error);
        });
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        if (closed) return Promise.reject(new Error('Buttons were closed'));
        button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('data-funding-source', 'paypal');
        button.setAttribute('aria-label', 'PayPal');
        button.className = 'paypal-button paypal-button-stand-in';
        button.textContent = 'PayPal';
        button.style.cssText = 'width:100%;min-height:45px;border:0;border-radius:4px;background:#ffc439;color:#003087;font-weight:700;font-size:16px;cursor:pointer';
        button.addEventListener('click', run);
        container.appendChild(button);
        if (typeof props.onInit === 'function') props.onInit({}, actions);
        return Promise.resolve();
      },
      close: function () {
        closed = true;
        if (button && button.parentNode) button.parentNode.removeChild(button);
        button = null;
        return Promise.resolve();
      },
      updateProps: function (next) { Object.assign(props, next || {}); return Promise.resolve(); }
    };
  }

  window.paypal = { version: '5.0.0-stand-in', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card' } };
})();
`;
