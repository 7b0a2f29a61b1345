/** English strings of a bill by its parts: the same keys as bill-de.ts (the type says so). */
import type { billDe } from './bill-de';

export const billEn: Record<keyof typeof billDe, string> = {
  bill_parts: 'The bill by its parts',
  bill_parts_hint:
    'Where the bill lists its grid fees and levies by their parts, type them (net): each is compared with the tariff’s. Empty parts are not compared.',
  bill_part: 'Part',
  bill_part_usage: 'Usage price (Netznutzungsentgelt)',
  bill_part_loss: 'Loss fee (Netzverlustentgelt)',
  bill_part_power: 'Power price (Leistungspreis)',
  bill_part_flat: 'Flat charge, power not measured',
  bill_part_metering: 'Metering fee (Messentgelt)',
  bill_part_gridOther: 'Other grid charges',
  bill_part_electricityTax: 'Elektrizitätsabgabe',
  bill_part_renewablesContribution: 'Erneuerbaren-Förderbeitrag',
  bill_part_renewablesFlat: 'Erneuerbaren-Förderpauschale',
  bill_part_useLevy: 'Gebrauchsabgabe',
  bill_part_leviesOther: 'Other levies',
  bill_reason_part_absent_per_kwh:
    'The bill lists {{part}} of {{bill}} €; the tariff holds none: add it to the tariff (the bill implies {{centsPerKwh}} ct/kWh).',
  bill_reason_part_absent_per_year:
    'The bill lists {{part}} of {{bill}} €; the tariff holds none: add it to the tariff (the bill implies {{perYear}} € a year).',
  bill_reason_part_absent_percent:
    'The bill lists {{part}} of {{bill}} €; the tariff holds none: add it to the tariff as a percentage levy.',
  bill_reason_part_absent_period:
    'The bill lists {{part}} of {{bill}} €; the tariff holds none: add it to the tariff.',
  bill_reason_part_differs_per_kwh:
    '{{part}} differs by {{diff}} €: the bill’s is {{bill}} ct/kWh over its kWh, the tariff’s {{ours}} ct/kWh over the readings’ (another price).',
  bill_reason_part_differs_per_year:
    '{{part}} differs by {{diff}} €: the bill’s comes to {{bill}} € a year, the tariff’s to {{ours}} € (another amount, or other days counted).',
  bill_reason_part_differs_percent:
    '{{part}} differs by {{diff}} € (the bill {{bill}} €, the tariff {{ours}} €): a percentage of the energy and grid charges, it follows their differences above, or another rate.',
  bill_reason_part_differs_period:
    '{{part}} differs by {{diff}} €: the bill {{bill}} €, the tariff {{ours}} € (another rate or base).',
  bill_reason_total:
    'The total differs by {{diff}} €: type the bill’s lines (energy, base fee, grid fees, levies, VAT) or its parts to see which.',
  bill_reason_before_data:
    'The register’s readings start {{days}} days into the bill’s period: those days are not counted here. Import the operator’s portal file for them, or check the period.',
};
