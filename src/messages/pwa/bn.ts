import type en from './en';

export default {
  installApp: 'অ্যাপ ইনস্টল করুন',
  installHaat: 'হাট ইনস্টল করুন',
  iosHint: 'হাট ইনস্টল করুন:',
  iosSteps: 'শেয়ার → হোম স্ক্রিনে যোগ করুন',
  dismissHint: 'ইনস্টলের পরামর্শ বন্ধ করুন',
  updateReady: 'হাটের নতুন সংস্করণ তৈরি।',
  reloadToUpdate: 'আপডেট করতে রিলোড করুন',
} satisfies typeof en;
