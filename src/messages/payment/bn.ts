import type en from './en';

export default {
  payNow: 'এখন পেমেন্ট করুন',
  openFailed: 'পেমেন্টের পাতা খোলা যায়নি। আবার চেষ্টা করুন।',
  successTitle: 'পেমেন্ট সফল হয়েছে',
  failedTitle: 'পেমেন্ট হয়নি',
  successDetail: 'ধন্যবাদ! আপনার পেমেন্ট পাওয়া গেছে, অর্ডার নিশ্চিত হয়েছে।',
  failedDetail: 'আপনার পেমেন্ট সম্পন্ন হয়নি, কোনো টাকা কাটা হয়নি। অর্ডারটি অপরিশোধিত অবস্থায় আমার অর্ডারে রাখা আছে।',
  transactionId: 'লেনদেন আইডি:',
  myOrders: 'আমার অর্ডার',
  continueShopping: 'কেনাকাটা চালিয়ে যান',
  home: 'হোমপেজে যান',
} satisfies typeof en;
