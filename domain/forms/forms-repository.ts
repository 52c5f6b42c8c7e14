import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { formSubmissions } from '#db/schema/forms.ts';

export interface SubmissionInsert {
  type: number;
  name: string;
  email: string;
  phone: string;
  phoneE164: string | null;
  data: string;
  message: string;
  zipcode: string;
  regionId: number | null;
  repId?: number | null;
  retailerId?: number | null;
  captcha: string;
  captchaScore: number | null;
}

export interface SubmissionRow extends SubmissionInsert {
  id: number;
  status: number;
  archivedAt: Date | null;
  created: Date;
}

const columns = {
  id: formSubmissions.id,
  type: formSubmissions.type,
  name: formSubmissions.name,
  email: formSubmissions.email,
  phone: formSubmissions.phone,
  phoneE164: formSubmissions.phoneE164,
  data: formSubmissions.data,
  message: formSubmissions.message,
  zipcode: formSubmissions.zipcode,
  regionId: formSubmissions.regionId,
  repId: formSubmissions.repId,
  retailerId: formSubmissions.retailerId,
  captcha: formSubmissions.captcha,
  captchaScore: formSubmissions.captchaScore,
  status: formSubmissions.status,
  archivedAt: formSubmissions.archivedAt,
  created: formSubmissions.created,
};

export function createFormsRepository(db: DbOrTx) {
  return {
    async insert(row: SubmissionInsert, tx: DbOrTx = db): Promise<{ id: number; created: Date }> {
      const [inserted] = await tx
        .insert(formSubmissions)
        .values({ ...row, repId: row.repId ?? null, retailerId: row.retailerId ?? null })
        .returning({ id: formSubmissions.id, created: formSubmissions.created });
      return inserted!;
    },
    async findById(id: number): Promise<SubmissionRow | undefined> {
      const [row] = await db.select(columns).from(formSubmissions).where(eq(formSubmissions.id, id));
      return row;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(formSubmissions);
      return Number(row?.n ?? 0);
    },
  };
}
export type FormsRepository = ReturnType<typeof createFormsRepository>;
