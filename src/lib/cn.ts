/**
 * Joins class names. (No tailwind-merge: it would cost ~8 KiB gzip of the 90 KiB first-load
 * budget; components avoid passing conflicting utilities instead.)
 */
export { clsx as cn } from 'clsx';
