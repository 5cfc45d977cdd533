/**
 * The four policy texts of SPEC §2 (`/static/{rulesType}`), per brand and locale. Plain data
 * from messages: the page renders it as HTML with no script at all.
 */
import type { Brand } from '../../../../../domain/brands.ts';
import type { Locale } from '../../../../../domain/locales.ts';
import type { RulesType } from '../../../../../domain/routes.ts';
import { m } from '../../../../paraglide/messages.js';

export interface PolicySection {
  heading: string;
  body: string;
}

export interface Policy {
  title: string;
  intro: string;
  sections: PolicySection[];
}

/** Brand facts the texts name: service, company, contact, what a broadcaster and the currency are called. */
export function policyParams(brand: Brand, locale: Locale) {
  return {
    service: brand.serviceName[locale],
    company: brand.companyName[locale],
    address: brand.address[locale],
    email: brand.email,
    caster: brand.casterTitle[locale],
    currency: brand.currency.shop[locale],
  };
}

export function policyTitle(type: RulesType, locale: Locale): string {
  const o = { locale };
  switch (type) {
    case 'broadcast-rules':
      return m.policy_broadcast_title({}, o);
    case 'viewer-rules':
      return m.policy_viewer_title({}, o);
    case 'service-rules':
      return m.policy_service_title({}, o);
    case 'privacy-rules':
      return m.policy_privacy_title({}, o);
  }
}

export function policy(type: RulesType, brand: Brand, locale: Locale): Policy {
  const p = policyParams(brand, locale);
  const o = { locale };
  const title = policyTitle(type, locale);
  switch (type) {
    case 'broadcast-rules':
      return {
        title,
        intro: m.policy_broadcast_intro(p, o),
        sections: [
          { heading: m.policy_broadcast_s1_heading({}, o), body: m.policy_broadcast_s1_body({}, o) },
          { heading: m.policy_broadcast_s2_heading({}, o), body: m.policy_broadcast_s2_body({}, o) },
          { heading: m.policy_broadcast_s3_heading(p, o), body: m.policy_broadcast_s3_body(p, o) },
          { heading: m.policy_broadcast_s4_heading({}, o), body: m.policy_broadcast_s4_body(p, o) },
          { heading: m.policy_broadcast_s5_heading({}, o), body: m.policy_broadcast_s5_body(p, o) },
        ],
      };
    case 'viewer-rules':
      return {
        title,
        intro: m.policy_viewer_intro(p, o),
        sections: [
          { heading: m.policy_viewer_s1_heading({}, o), body: m.policy_viewer_s1_body(p, o) },
          { heading: m.policy_viewer_s2_heading({}, o), body: m.policy_viewer_s2_body(p, o) },
          { heading: m.policy_viewer_s3_heading({}, o), body: m.policy_viewer_s3_body(p, o) },
          { heading: m.policy_viewer_s4_heading({}, o), body: m.policy_viewer_s4_body(p, o) },
          { heading: m.policy_viewer_s5_heading({}, o), body: m.policy_viewer_s5_body({}, o) },
        ],
      };
    case 'service-rules':
      return {
        title,
        intro: m.policy_service_intro(p, o),
        sections: [
          { heading: m.policy_service_s1_heading({}, o), body: m.policy_service_s1_body({}, o) },
          { heading: m.policy_service_s2_heading(p, o), body: m.policy_service_s2_body(p, o) },
          { heading: m.policy_service_s3_heading({}, o), body: m.policy_service_s3_body({}, o) },
          { heading: m.policy_service_s4_heading({}, o), body: m.policy_service_s4_body({}, o) },
          { heading: m.policy_service_s5_heading({}, o), body: m.policy_service_s5_body(p, o) },
        ],
      };
    case 'privacy-rules':
      return {
        title,
        intro: m.policy_privacy_intro(p, o),
        sections: [
          { heading: m.policy_privacy_s1_heading({}, o), body: m.policy_privacy_s1_body({}, o) },
          { heading: m.policy_privacy_s2_heading({}, o), body: m.policy_privacy_s2_body({}, o) },
          { heading: m.policy_privacy_s3_heading({}, o), body: m.policy_privacy_s3_body({}, o) },
          { heading: m.policy_privacy_s4_heading({}, o), body: m.policy_privacy_s4_body({}, o) },
          { heading: m.policy_privacy_s5_heading({}, o), body: m.policy_privacy_s5_body({}, o) },
          { heading: m.policy_privacy_s6_heading({}, o), body: m.policy_privacy_s6_body(p, o) },
        ],
      };
  }
}
