import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormMessage } from './FormMessage.tsx';

describe('FormMessage', () => {
  it('is an alert paragraph with the area class and the id a field points at', () => {
    const html = renderToStaticMarkup(
      <FormMessage id="f-err" className="luv-error">
        Not enough luv.
      </FormMessage>,
    );
    expect(html).toBe('<p id="f-err" class="luv-error" role="alert">Not enough luv.</p>');
  });
  it('renders nothing while empty', () => {
    for (const empty of [null, undefined, false, '']) {
      expect(renderToStaticMarkup(<FormMessage className="my-error">{empty}</FormMessage>)).toBe('');
    }
  });
  it('keeps an empty live region, so its first text is announced', () => {
    const html = renderToStaticMarkup(
      <FormMessage className="auth-error" live>
        {null}
      </FormMessage>,
    );
    expect(html).toBe('<p class="auth-error" role="alert"></p>');
  });
});
