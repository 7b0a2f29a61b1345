/** German strings of a bill by its parts (issue 44, item 5). Every key is in bill-en.ts. */
export const billDe = {
  bill_parts: 'Die Rechnung nach Teilen',
  bill_parts_hint:
    'Wo die Rechnung Netzentgelte und Abgaben nach Teilen ausweist, diese netto eintragen: jeder Teil wird mit dem des Tarifs verglichen. Leere Teile werden nicht verglichen.',
  bill_part: 'Teil',
  bill_part_usage: 'Netznutzungsentgelt (Arbeitspreis)',
  bill_part_loss: 'Netzverlustentgelt',
  bill_part_power: 'Leistungspreis',
  bill_part_flat: 'Pauschale für nicht gemessene Leistung',
  bill_part_metering: 'Messentgelt',
  bill_part_gridOther: 'Sonstige Netzentgelte',
  bill_part_electricityTax: 'Elektrizitätsabgabe',
  bill_part_renewablesContribution: 'Erneuerbaren-Förderbeitrag',
  bill_part_renewablesFlat: 'Erneuerbaren-Förderpauschale',
  bill_part_useLevy: 'Gebrauchsabgabe',
  bill_part_leviesOther: 'Sonstige Abgaben',
  bill_reason_part_absent_per_kwh:
    'Die Rechnung weist {{part}} mit {{bill}} € aus, der Tarif enthält es nicht: im Tarif ergänzen (die Rechnung ergibt {{centsPerKwh}} ct/kWh).',
  bill_reason_part_absent_per_year:
    'Die Rechnung weist {{part}} mit {{bill}} € aus, der Tarif enthält es nicht: im Tarif ergänzen (die Rechnung ergibt {{perYear}} € im Jahr).',
  bill_reason_part_absent_percent:
    'Die Rechnung weist {{part}} mit {{bill}} € aus, der Tarif enthält es nicht: im Tarif als Prozent-Abgabe ergänzen.',
  bill_reason_part_absent_period:
    'Die Rechnung weist {{part}} mit {{bill}} € aus, der Tarif enthält es nicht: im Tarif ergänzen.',
  bill_reason_part_differs_per_kwh:
    '{{part}} weicht um {{diff}} € ab: die Rechnung ergibt {{bill}} ct/kWh über ihre kWh, der Tarif {{ours}} ct/kWh über die der Messwerte (ein anderer Preis).',
  bill_reason_part_differs_per_year:
    '{{part}} weicht um {{diff}} € ab: die Rechnung ergibt {{bill}} € im Jahr, der Tarif {{ours}} € (ein anderer Betrag oder andere Tage gezählt).',
  bill_reason_part_differs_percent:
    '{{part}} weicht um {{diff}} € ab (Rechnung {{bill}} €, Tarif {{ours}} €): als Prozentsatz der Energie- und Netzentgelte folgt es deren Abweichungen oben, oder der Satz ist ein anderer.',
  bill_reason_part_differs_period:
    '{{part}} weicht um {{diff}} € ab: Rechnung {{bill}} €, Tarif {{ours}} € (ein anderer Satz oder eine andere Basis).',
  bill_reason_total:
    'Die Summe weicht um {{diff}} € ab: die Positionen der Rechnung (Energie, Grundgebühr, Netzentgelte, Abgaben, USt.) oder ihre Teile eingeben, um zu sehen, welche.',
  bill_reason_before_data:
    'Die Messwerte dieses Registers beginnen {{days}} Tage nach dem Beginn des Rechnungszeitraums: diese Tage werden hier nicht gezählt. Die Portal-Datei des Netzbetreibers dafür importieren oder den Zeitraum prüfen.',
};
