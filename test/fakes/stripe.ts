/**
 * The wire-level fake of Stripe the tests use is the local emulator `npm start` runs (one stateful
 * implementation of the calls Reelsmith makes, its hosted pages and its signed events).
 */
export { startStripeEmulator, parseStripeForm, type StripeEmulator, type StripeEventBody, type DeliveredEvent } from '../../bin/local/emulators/stripe';
