import { normaliseWhatsapp } from '@/lib/entities/fields';

// WhatsApp click-to-chat links (wa.me): the number in international form as digits only (no +,
// no leading 00, no spaces), and an optional prefilled message, URL-encoded.

/** The wa.me link for a number as typed (+971 50 123 4567), or null when it is no international number. */
export function whatsappUrl(number: string, message: string): string | null {
  const international = normaliseWhatsapp(number);
  return international ? `https://wa.me/${international.slice(1)}?text=${encodeURIComponent(message)}` : null;
}
