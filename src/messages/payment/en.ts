/** Paying an online order: 'Pay now' (My Orders, the failure page) and the pages the payment gateway returns to. */
export default {
  payNow: 'Pay now',
  openFailed: 'The payment page could not be opened. Please try again.',
  successTitle: 'Payment Successful',
  failedTitle: 'Payment Failed',
  successDetail: 'Thank you! Your payment was received and your order is confirmed.',
  failedDetail: 'Your payment did not go through and no money was taken. Your order is kept, unpaid, in My Orders.',
  transactionId: 'Transaction ID:',
  myOrders: 'My Orders',
  continueShopping: 'Continue Shopping',
  home: 'Go to Homepage',
};
