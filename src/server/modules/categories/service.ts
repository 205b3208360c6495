import type { Db } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../errors';
import { writeAsUser } from '../../db/accountGate';
import { DEFAULT_CATEGORY_ICON, nextCategoryColor, type Category, type CategoryInput, type CategoryWithSpending } from '../../../shared/categories';
import { fromCents } from '../../../shared/money';
import { centsOf, optionalCentsOf } from '../../money';
import type { Executor } from '../../db/schema';
import { receiptCountsByCategory, spendingByCategory } from '../analytics/service';
import { requestMonth } from '../../today';
import { categoryAvailability, rolloverStartAt } from '../budgets/service';
import {
  deleteCategory,
  ensureFallbackCategory,
  findCategory,
  findCategoryByName,
  insertCategory,
  listCategories,
  updateCategory,
  type CategoryFields,
  type CategoryRow,
} from './repository';
import type { Clock } from '../../clock';

/** What other modules read or write through this one, inside their own transaction. */
export { ensureFallbackCategory, findCategory, findCategoryByName, findCategoryByRef, listCategories, seedDefaultCategories } from './repository';

/**
 * What other modules do inside the transaction of a category change. They are handed in (see
 * moduleWiring.ts) because those modules read categories: importing them here would make a circle.
 */
export interface CategoryHooks {
  /** The category's budget or its rollover was set (`previousCents`: the budget before). */
  budgetChanged(trx: Executor, userId: string, categoryId: string, previousCents: number | null, now: Date): Promise<void>;
  /** The category is about to be deleted: whatever belongs to it moves to `toCategoryId`. */
  deleting(trx: Executor, userId: string, categoryId: string, toCategoryId: string): Promise<void>;
}

export function toCategory(row: CategoryRow): Category {
  return {
    _id: row.id,
    name: row.name,
    color: row.color,
    icon: row.icon,
    budget: row.budget_cents === null ? null : fromCents(row.budget_cents),
    is_fallback: row.is_fallback,
    rollover: row.rollover,
  };
}

const duplicate = (name: string) => conflict(`A category named "${name}" already exists`);
const categoryNotFound = () => notFound('Category not found');

export class CategoryService {
  constructor(
    private db: Db,
    private hooks: CategoryHooks,
    private clock: Clock,
  ) {}

  /** The categories with this calendar month's spending (month of `tz`, default UTC) and their receipt counts. */
  async list(userId: string, tz: string | undefined): Promise<CategoryWithSpending[]> {
    const month = requestMonth(tz, this.clock());
    const [rows, spending, counts, available] = await Promise.all([
      listCategories(this.db, userId),
      spendingByCategory(this.db, userId, month),
      receiptCountsByCategory(this.db, userId),
      categoryAvailability(this.db, userId, month.from),
    ]);
    const spent = new Map(spending.map((s) => [s.categoryId, s.cents]));
    const dollars = (cents: number | null | undefined) => (cents == null ? null : fromCents(cents));
    return rows.map((row) => ({
      ...toCategory(row),
      spent: fromCents(spent.get(row.id) ?? 0),
      receipt_count: counts.get(row.id) ?? 0,
      carry_over: dollars(available.get(row.id)?.carryOverCents),
      available: dollars(available.get(row.id)?.availableCents ?? row.budget_cents),
    }));
  }

  /** A new category; without a colour chosen, the first of the palette none of the person's has, so new ones are told apart. */
  async create(userId: string, input: CategoryInput): Promise<Category> {
    const now = this.clock();
    const fields: CategoryFields = {
      name: input.name.trim(),
      color: input.color ?? nextCategoryColor((await listCategories(this.db, userId)).map((c) => c.color)),
      icon: input.icon ?? DEFAULT_CATEGORY_ICON,
      budget_cents: optionalCentsOf(input.budget, 'budget') ?? null,
      rollover: input.rollover ?? false,
      rollover_from: input.rollover ? rolloverStartAt(now) : null,
    };
    if (await findCategoryByName(this.db, userId, fields.name)) throw duplicate(fields.name);
    try {
      const row = await writeAsUser(this.db, userId, async (trx) => {
        const inserted = await insertCategory(trx, userId, fields);
        // A budget it is created with holds from this month on, like one set later.
        if (inserted.budget_cents !== null) await this.hooks.budgetChanged(trx, userId, inserted.id, null, now);
        return inserted;
      });
      return toCategory(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(fields.name); // a concurrent create won the race
      throw err;
    }
  }

  /** Renames or restyles; left-out fields keep their value. Receipts follow by id, so none are lost. */
  async update(userId: string, id: string, input: CategoryInput): Promise<Category> {
    const name = input.name.trim();
    const fields: Partial<CategoryFields> = { name };
    if (input.color !== undefined) fields.color = input.color;
    if (input.icon !== undefined) fields.icon = input.icon;
    if (input.budget !== undefined) fields.budget_cents = input.budget === null ? null : centsOf(input.budget, 'budget');
    if (input.rollover !== undefined) fields.rollover = input.rollover;
    if (!(await findCategory(this.db, userId, id))) throw categoryNotFound();
    const same = await findCategoryByName(this.db, userId, name);
    if (same && same.id !== id) throw duplicate(name);
    try {
      // A budget change re-arms or fires the category's alert in the same transaction.
      const now = this.clock();
      const row = await writeAsUser(this.db, userId, async (trx) => {
        const before = await findCategory(trx, userId, id, { forUpdate: true });
        if (!before) return undefined;
        // Rollover counts from when it is turned on (the month before, so its leftover shows at once).
        const turnedOn = input.rollover === true && !before.rollover;
        const updated = await updateCategory(trx, userId, id, turnedOn ? { ...fields, rollover_from: rolloverStartAt(now) } : fields);
        if (updated && (input.budget !== undefined || input.rollover !== undefined)) await this.hooks.budgetChanged(trx, userId, id, before.budget_cents, now);
        return updated;
      });
      if (!row) throw categoryNotFound();
      return toCategory(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(name);
      throw err;
    }
  }

  /** Deletes a category after moving its receipts and their totals to the fallback ('Other'). */
  async delete(userId: string, id: string): Promise<void> {
    await writeAsUser(this.db, userId, async (trx) => {
      const category = await findCategory(trx, userId, id, { forUpdate: true });
      if (!category) throw categoryNotFound();
      if (category.is_fallback) throw badRequest(`The ${category.name} category cannot be deleted: it receives the receipts of deleted categories`);
      const fallback = await ensureFallbackCategory(trx, userId);
      await this.hooks.deleting(trx, userId, id, fallback.id);
      await deleteCategory(trx, userId, id);
    });
  }
}
