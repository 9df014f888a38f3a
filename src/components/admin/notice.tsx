// The back-office's notice and control classes now live in src/components/ui; the forms import them from here too.
export { Notice } from '@/components/ui/notice';
export { buttonClass, dangerButtonClass } from '@/components/ui/button';
export { inputClass, labelClass } from '@/components/ui/field';
export { tableClass, tdClass, thClass } from '@/components/ui/table';
