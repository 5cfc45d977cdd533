import type { Locale } from '../../../domain/locales.ts';
import { AuthDialog } from './AuthDialog.tsx';
import { GlobalDialogs } from './GlobalDialogs.tsx';

/** Every global dialog; loaded by the shell host the first time one opens. */
export default function Dialogs({ locale }: { locale: Locale }) {
  return (
    <>
      <GlobalDialogs locale={locale} />
      <AuthDialog locale={locale} />
    </>
  );
}
