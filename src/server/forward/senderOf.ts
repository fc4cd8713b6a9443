import type { AuthContext } from '../auth/AuthContext';
import type { Queryable } from '../db/Db';

/** The signed-in user's email (000 §6: the sender and default Cc of forwards); '' when they have none. */
export async function senderOf(db: Queryable, auth: AuthContext): Promise<string> {
  const r = await db.query<{ email: string }>('select email from auth_users where user_id = $1', [auth.userId]);
  const email = r.rows[0]?.email?.trim();
  return email || (auth.username.includes('@') ? auth.username : '');
}
