import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@storefront/contracts';
import { cardFieldsFor, type CardFieldsHandle } from '../card-fields.js';
import { acceptScript, type AcceptApi, type AcceptResponse, type AcceptSecureData } from './accept-js.js';
import AuthorizeNetCardFields from './AuthorizeNetCardFields.js';

/**
 * Authorize.Net's direct card entry in jsdom, with Accept.js stood in (jsdom runs no scripts): the
 * spec's §5 rules and messages, and the hand-off of the card to Accept.js for opaque data.
 */
const method: PaymentMethod = {
  name: 'credit-card',
  title: 'Credit Card (Authorize.net)',
  description: '',
  enabled: true,
  isDefault: true,
  gateway: 'authorizenet',
  sortOrder: 3,
  cardEntry: 'direct',
  config: { clientKey: 'client-key-1', loginId: 'login-1', acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', scriptUrl: 'https://jstest.authorize.net/v1/Accept.js' },
};

const OPAQUE = { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8w+/NjAwMDUy==' };

function fakeAccept(answer: (data: AcceptSecureData) => AcceptResponse = () => ({ messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] }, opaqueData: OPAQUE })) {
  const calls: AcceptSecureData[] = [];
  const api: AcceptApi = {
    dispatchData(data, callback) {
      calls.push(data);
      setTimeout(() => callback(answer(data)), 0);
    },
  };
  return { api, calls };
}

async function mount(accept = fakeAccept(), { onSubmit = jest.fn() } = {}) {
  const load = jest.spyOn(acceptScript, 'load').mockResolvedValue(accept.api);
  let handle: CardFieldsHandle | null = null;
  const onElement = jest.fn((element: CardFieldsHandle | null) => {
    handle = element;
  });
  render(<AuthorizeNetCardFields method={method} onElement={onElement} onSubmit={onSubmit} />);
  await waitFor(() => expect(handle).not.toBeNull());
  return { load, accept, onElement, onSubmit, handle: () => handle!, user: userEvent.setup() };
}

const thisYear = new Date().getFullYear();

afterEach(() => jest.restoreAllMocks());

describe('Authorize.Net card fields', () => {
  it('loads Accept.js from the method\'s acceptJsUrl and shows labelled inputs that a form submit can never post', async () => {
    const { load } = await mount();
    expect(load).toHaveBeenCalledWith('https://jstest.authorize.net/v1/Accept.js');
    const number = screen.getByLabelText(/Card number/);
    const cvv = screen.getByLabelText(/CVV/);
    for (const input of [number, cvv, screen.getByLabelText(/Expiry month/), screen.getByLabelText(/Expiry year/)]) {
      expect(input).not.toHaveAttribute('name');
    }
    expect(number).toHaveAttribute('maxlength', '19');
    expect(cvv).toHaveAttribute('maxlength', '4');
    expect(number).toHaveAttribute('inputmode', 'numeric');
  });

  it('offers months 01 to 12 and the current year plus 10 (11 years)', async () => {
    await mount();
    const months = [...(screen.getByLabelText(/Expiry month/) as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);
    expect(months).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    const years = [...(screen.getByLabelText(/Expiry year/) as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);
    expect(years).toHaveLength(11);
    expect(years[0]).toBe(String(thisYear));
    expect(years[10]).toBe(String(thisYear + 10));
  });

  it('takes digits only in the number and the CVV', async () => {
    const { user } = await mount();
    await user.type(screen.getByLabelText(/Card number/), '4111 1111-1111 1111abc');
    expect(screen.getByLabelText(/Card number/)).toHaveValue('4111111111111111');
    await user.type(screen.getByLabelText(/CVV/), '1a2b3c4d5');
    expect(screen.getByLabelText(/CVV/)).toHaveValue('1234');
  });

  it('says what is required, at each field, and never calls Accept.js with an incomplete card', async () => {
    const { handle, accept } = await mount();
    let result;
    await act(async () => {
      result = await handle().tokenize();
    });
    expect(result).toEqual({ error: { field: 'cardNumber', message: 'Card number is required' } });
    expect(screen.getByText('Card number is required')).toBeInTheDocument();
    expect(screen.getByText('Expiry is required')).toBeInTheDocument();
    expect(screen.getByText('CVV is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/)).toHaveAttribute('aria-invalid', 'true');
    expect(accept.calls).toHaveLength(0);
  });

  it('says a short number and a short CVV are invalid', async () => {
    const { handle, user, accept } = await mount();
    await user.type(screen.getByLabelText(/Card number/), '411111111111');
    await user.selectOptions(screen.getByLabelText(/Expiry month/), '12');
    await user.selectOptions(screen.getByLabelText(/Expiry year/), String(thisYear + 1));
    await user.type(screen.getByLabelText(/CVV/), '12');
    let result;
    await act(async () => {
      result = await handle().tokenize();
    });
    expect(result).toEqual({ error: { field: 'cardNumber', message: 'Card number is invalid' } });
    expect(screen.getByText('Card number is invalid')).toBeInTheDocument();
    expect(screen.getByText('CVV is invalid')).toBeInTheDocument();
    expect(accept.calls).toHaveLength(0);
    // corrected, the message goes
    await user.type(screen.getByLabelText(/Card number/), '1111');
    expect(screen.queryByText('Card number is invalid')).not.toBeInTheDocument();
  });

  it('hands a valid card to Accept.js with the client key and login id, and answers descriptor:dataValue', async () => {
    const { handle, user, accept } = await mount();
    await user.type(screen.getByLabelText(/Card number/), '4111111111111111');
    await user.selectOptions(screen.getByLabelText(/Expiry month/), '07');
    await user.selectOptions(screen.getByLabelText(/Expiry year/), String(thisYear + 2));
    await user.type(screen.getByLabelText(/CVV/), '123');
    let result;
    await act(async () => {
      result = await handle().tokenize();
    });
    expect(accept.calls).toEqual([
      { authData: { clientKey: 'client-key-1', apiLoginID: 'login-1' }, cardData: { cardNumber: '4111111111111111', month: '07', year: String(thisYear + 2), cardCode: '123' } },
    ]);
    expect(result).toEqual({ token: `${OPAQUE.dataDescriptor}:${OPAQUE.dataValue}`, card: { brand: 'card', last4: '1111' } });
  });

  it.each([
    ['E_WC_05', 'Please provide valid credit card number.', { field: 'cardNumber', message: 'Card number is invalid' }],
    ['E_WC_08', 'Expiration date must be in the future.', { field: 'expYear', message: 'Expiry year is invalid' }],
    ['E_WC_15', 'Please provide valid CVV.', { field: 'cardCode', message: 'CVV is invalid' }],
    ['E_WC_21', 'User authentication failed due to invalid authentication values.', { field: '', message: 'Payment Error' }],
  ])('an Accept.js refusal %s becomes the field\'s message (else Payment Error)', async (code, text, error) => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handle, user } = await mount(fakeAccept(() => ({ messages: { resultCode: 'Error', message: [{ code, text }] } })));
    await user.type(screen.getByLabelText(/Card number/), '4111111111111111');
    await user.selectOptions(screen.getByLabelText(/Expiry month/), '07');
    await user.selectOptions(screen.getByLabelText(/Expiry year/), String(thisYear + 2));
    await user.type(screen.getByLabelText(/CVV/), '123');
    let result;
    await act(async () => {
      result = await handle().tokenize();
    });
    expect(result).toEqual({ error });
    if (error.field) expect(screen.getByText(error.message)).toBeInTheDocument();
    else expect(consoleError).toHaveBeenCalled();
  });

  it('submits the checkout on Enter, clears on demand, and focuses the first wrong field', async () => {
    const { handle, user, onSubmit } = await mount();
    await user.type(screen.getByLabelText(/Card number/), '4111{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => {
      await handle().tokenize();
    });
    act(() => handle().focus());
    expect(screen.getByLabelText(/Card number/)).toHaveFocus();
    act(() => handle().clear());
    expect(screen.getByLabelText(/Card number/)).toHaveValue('');
    expect(screen.queryByText('Card number is invalid')).not.toBeInTheDocument();
  });

  it("shows 'Payment Error' with Retry when Accept.js does not load, and loads it again on Retry", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.spyOn(acceptScript, 'load').mockRejectedValueOnce(new Error('Accept.js could not be loaded')).mockResolvedValue(fakeAccept().api);
    // what the form hears, in order: the fields loading, gone or failed, there
    const heard: string[] = [];
    const onElement = jest.fn((element: unknown) => heard.push(element ? 'fields' : 'none'));
    render(<AuthorizeNetCardFields method={method} onElement={onElement} onLoading={() => heard.push('loading')} />);
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(onElement).not.toHaveBeenCalledWith(expect.objectContaining({ tokenize: expect.any(Function) }));
    await userEvent.setup().click(screen.getByRole('button', { name: /Retry|Try again/i }));
    await waitFor(() => expect(onElement).toHaveBeenCalledWith(expect.objectContaining({ tokenize: expect.any(Function) })));
    expect(load).toHaveBeenCalledTimes(2);
    // after the failure, the Retry said the fields are on their way again (a submit meanwhile waits for them)
    expect(heard.slice(heard.lastIndexOf('none'))).toEqual(['none', 'loading', 'fields']);
  });

  it('is the card fields of an Authorize.Net method with its keys (loaded lazily from the registry)', async () => {
    jest.spyOn(acceptScript, 'load').mockResolvedValue(fakeAccept().api);
    const Fields = cardFieldsFor(method)!;
    expect(Fields).toBeDefined();
    render(<Fields method={method} onElement={jest.fn()} />);
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
  });
});
