import type { Migration } from 'kysely/migration';
import * as m001 from './001_profiles_categories';
import * as m002 from './002_receipts';
import * as m010 from './010_notifications';
import * as m020 from './020_settings';
import * as m030 from './030_store_memory';
import * as m031 from './031_closed_accounts';
import * as m040 from './040_budgets_ahead';
import * as m050 from './050_receipt_drafts';
import * as m060 from './060_blobs';
import * as m070 from './070_currencies_imports';
import * as m075 from './075_budget_history';
import * as m076 from './076_time_zone_told';
import * as m077 from './077_search_description';
import * as m078 from './078_import_commits';
import * as m080 from './080_households';
import * as m081 from './081_preview_bytes_uncompressed';
import * as m082 from './082_shared_receipts';
import * as m083 from './083_preview_chunks';
import * as m084 from './084_draft_client_ids';
import * as m085 from './085_share_counts';
import * as m086 from './086_household_history_order';
import * as m087 from './087_item_categories';
import * as m088 from './088_scan_reads';
import * as m089 from './089_return_warranty';
import * as m090 from './090_draft_preview_key';
import * as m091 from './091_receipt_first_page';
import * as m092 from './092_mail_in';
import * as m093 from './093_later_page_keys';
import * as m094 from './094_share_categories';
import * as m095 from './095_item_names';
import * as m096 from './096_item_dates';
import * as m097 from './097_item_products';
import * as m098 from './098_personal_picker';

/** Migrations in order. A static list (not a folder scan) works the same under tsx, jest and bundlers. */
export const migrations: Record<string, Migration> = {
  '001_profiles_categories': m001,
  '002_receipts': m002,
  '010_notifications': m010,
  '020_settings': m020,
  '030_store_memory': m030,
  '031_closed_accounts': m031,
  '040_budgets_ahead': m040,
  '050_receipt_drafts': m050,
  '060_blobs': m060,
  '070_currencies_imports': m070,
  '075_budget_history': m075,
  '076_time_zone_told': m076,
  '077_search_description': m077,
  '078_import_commits': m078,
  '080_households': m080,
  '081_preview_bytes_uncompressed': m081,
  '082_shared_receipts': m082,
  '083_preview_chunks': m083,
  '084_draft_client_ids': m084,
  '085_share_counts': m085,
  '086_household_history_order': m086,
  '087_item_categories': m087,
  '088_scan_reads': m088,
  '089_return_warranty': m089,
  '090_draft_preview_key': m090,
  '091_receipt_first_page': m091,
  '092_mail_in': m092,
  '093_later_page_keys': m093,
  '094_share_categories': m094,
  '095_item_names': m095,
  '096_item_dates': m096,
  '097_item_products': m097,
  '098_personal_picker': m098,
};
