// Shared class strings keep contrast and focus treatment identical across every public page.
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-blue-300';

export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

const buttonBase = `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ${focusRing}`;
const regularSize = 'px-4 py-2.5 text-sm';
const primaryColours = 'bg-blue-700 text-white hover:bg-blue-800 dark:bg-blue-600 dark:hover:bg-blue-700';

export const primaryButton = `${buttonBase} ${regularSize} ${primaryColours}`;

export const primaryButtonLarge = `${buttonBase} px-6 py-3 text-base ${primaryColours}`;

export const secondaryButton = `${buttonBase} ${regularSize} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

export const textLink = `font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200 ${focusRing} rounded-sm`;

export const mutedText = 'text-slate-600 dark:text-slate-300';

export const sectionHeading = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white';

const cardShape = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700';

export const card = `${cardShape} dark:bg-slate-900`;

/** For cards placed on a section that itself uses the dark card colour. */
export const cardOnTint = `${cardShape} dark:bg-slate-950`;
