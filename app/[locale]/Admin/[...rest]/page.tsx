import { notFound } from 'next/navigation';

// Any other back-office path: inside the back office's layout, so a signed-out visitor is sent to
// sign in first (the layout answers 404 to the signed-in before anything streams).
export default function UnknownAdminPage(): never {
  notFound();
}
