import type en from './en';

export default {
  add: 'পছন্দের তালিকায় রাখুন',
  remove: 'পছন্দের তালিকা থেকে সরান',
  loginToManage: 'পছন্দের তালিকা ব্যবহার করতে সাইন ইন করুন',
  userNotFound: 'ব্যবহারকারী পাওয়া যায়নি',
  added: 'পছন্দের তালিকায় যোগ হয়েছে!',
  removed: 'পছন্দের তালিকা থেকে সরানো হয়েছে!',
  updateFailed: 'পছন্দের তালিকা আপডেট করা যায়নি',
} satisfies typeof en;
