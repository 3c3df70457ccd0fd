// An order's address on its own, so the checkout's address rules can name it without the order schemas.
import { mixed, object, string, type InferType } from 'yup';

export type AddressType = 'billing' | 'shipping';
export const ADDRESS_TYPES: readonly AddressType[] = ['billing', 'shipping'];

/** One address of an order (billing first); the checkout also builds its request's addresses with this type. */
export const orderAddressSchema = object({
  type: mixed<AddressType>().oneOf(ADDRESS_TYPES).required(),
  email: string().defined(),
  firstName: string().defined(),
  lastName: string().defined(),
  street1: string().defined(),
  /** absent when the address has none */
  street2: string().optional(),
  city: string().defined(),
  state: string().defined(),
  zipCode: string().defined(),
  countryId: string().defined(),
  phoneNumber: string().defined(),
  /** sent by the checkout for a registered customer; never in an answer (every order is a guest's) */
  customerId: string().optional(),
});
export type OrderAddress = InferType<typeof orderAddressSchema>;
