/**
 * The stand-in's Accept.js, served at /v1/Accept.js (Authorize.Net's path): the same surface as
 * the real script, `window.Accept.dispatchData(secureData, callback)`. It checks what Accept.js
 * checks in the browser (its E_WC_ codes), then posts the card cross-origin (CORS) to the
 * stand-in's own /xml/v1/request.api as a securePaymentContainerRequest, exactly as Accept.js posts
 * it to Authorize.Net, and hands the callback `{ opaqueData, messages }`. The card goes only to the
 * stand-in's origin (the script's own), never to the page's.
 */
export const ACCEPT_JS_SOURCE = `(function () {
  'use strict';
  var script = document.currentScript;
  var endpoint = new URL('/xml/v1/request.api', script && script.src ? script.src : window.location.href).href;
  function error(code, text) { return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } }; }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) {
      var digit = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }
  function check(secureData) {
    var auth = secureData && secureData.authData;
    var card = secureData && secureData.cardData;
    if (!auth || !card) return error('E_WC_04', 'Please provide mandatory fields.');
    if (!auth.clientKey) return error('E_WC_18', 'Client Key is required.');
    if (!auth.apiLoginID) return error('E_WC_10', 'Please provide valid apiloginid.');
    var number = String(card.cardNumber || '');
    if (!/^\\d{13,19}$/.test(number) || !luhn(number)) return error('E_WC_05', 'Please provide valid credit card number.');
    var month = String(card.month || '');
    if (!/^(0?[1-9]|1[0-2])$/.test(month)) return error('E_WC_06', 'Please provide valid expiration month.');
    var year = String(card.year || '');
    if (!/^(\\d{2}|\\d{4})$/.test(year)) return error('E_WC_07', 'Please provide valid expiration year.');
    var fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    var now = new Date();
    if (fullYear < now.getFullYear() || (fullYear === now.getFullYear() && Number(month) < now.getMonth() + 1)) {
      return error('E_WC_08', 'Expiration date must be in the future.');
    }
    if (card.cardCode !== undefined && card.cardCode !== '' && !/^\\d{3,4}$/.test(String(card.cardCode))) return error('E_WC_15', 'Please provide valid CVV.');
    return null;
  }
  function dispatchData(secureData, callback) {
    var refused = check(secureData);
    if (refused) { setTimeout(function () { callback(refused); }, 0); return; }
    var card = secureData.cardData;
    var month = ('0' + String(card.month)).slice(-2);
    var year = String(card.year).length === 2 ? '20' + String(card.year) : String(card.year);
    var body = {
      securePaymentContainerRequest: {
        merchantAuthentication: { name: secureData.authData.apiLoginID, clientKey: secureData.authData.clientKey },
        refId: String(Date.now()).slice(-20),
        data: {
          type: 'TOKEN',
          id: String(Math.random()).slice(2, 18),
          token: { cardNumber: String(card.cardNumber), expirationDate: month + year, cardCode: card.cardCode ? String(card.cardCode) : undefined },
        },
      },
    };
    fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' })
      .then(function (res) { return res.text(); })
      .then(function (text) {
        var answer = JSON.parse(text.replace(/^\\uFEFF/, ''));
        if (answer.messages && answer.messages.resultCode === 'Ok' && answer.opaqueData) {
          callback({ opaqueData: answer.opaqueData, messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] } });
        } else if (answer.messages && answer.messages.message && answer.messages.message[0] && answer.messages.message[0].code === 'E00007') {
          callback(error('E_WC_21', 'User authentication failed due to invalid authentication values.'));
        } else {
          callback(answer.messages ? { messages: answer.messages } : error('E_WC_14', 'Accept.js encryption failed.'));
        }
      })
      .catch(function () { callback(error('E_WC_14', 'Accept.js encryption failed.')); });
  }
  window.Accept = { dispatchData: dispatchData };
})();
`;
