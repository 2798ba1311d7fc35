import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { CheckoutOptionsView } from '~/.server/api/checkout';
import {
  BILL_MY_ACCOUNT,
  MAX_SHIPPING_INSTRUCTIONS,
  REQUEST_A_QUOTE,
  serviceLevelLabel,
  type Address,
} from '~/domain/checkout/options';
import {
  insuranceEntry,
  invalidRows,
  maxInsurance,
  methodsFor,
  paymentMethodsFor,
  quoteAmountMinor,
  ROWS,
  rowsFieldErrors,
  type OrderSize,
  type Row,
  type Selection,
} from '~/domain/checkout/selection';
import { formatMinor } from '~/domain/money';
import { postalAddressLines } from '~/domain/postal-address';
import { FieldError } from '../FieldError';
import { useHydrated } from '../use-hydrated';
import { useMoneyFormat } from '../use-money-format';
import { MethodQuote } from './charge-words';
import { doneReasonId } from './use-rows';

/** What a row takes of Conform's field metadata: the field's name and ids, its length, the server's errors (i18n keys). */
export interface SelectionField {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  maxLength?: number;
}
/** The form's fields by name (Conform's `fields`), with `billMyAccount` for the message of the carrier's fields as a group. */
export type SelectionFields = Record<string, SelectionField>;

export interface RowsProps {
  options: CheckoutOptionsView;
  size: OrderSize;
  selection: Selection;
  open: readonly Row[];
  fields: SelectionFields;
  /** Rows get a DONE button (checkout); preferences keep every row open and save at once. */
  withDone: boolean;
  /** Where EDIT leads without scripts (the same page with the row open). */
  editHref: (row: Row) => string;
  /** With scripts: a change applied at once (the reset rules run in the caller). */
  onChange?: (change: Partial<Selection>) => void;
  onEdit?: (row: Row) => void;
  /** The rows that offer EDIT (a placed order opens only those its permissions allow); all by default. */
  editable?: readonly Row[];
  /** Rows that say beside them what a change elsewhere did to them (spec 3 §2.1 reset rules). */
  notices?: readonly Row[];
  /** A refused DONE: the reason is said beside the button pressed, naming the rows still to finish. */
  refusedDone?: { row: Row; unfinished: readonly Row[] };
  /**
   * The buyer has changed the choice since the answer (with scripts): the fields the answer refused
   * are judged again by the rules as they change, so an error goes as it is corrected (Conform's
   * shouldRevalidate, with the domain's rules in place of a schema: decision 021). No field the
   * answer left alone turns red before its DONE.
   */
  revalidate?: boolean;
}

/** The form's fields with the refused ones' errors as the rules give them for the choice as it is now. */
function revalidatedFields(
  fields: SelectionFields,
  selection: Selection,
  options: CheckoutOptionsView,
  size: OrderSize,
): SelectionFields {
  const live = rowsFieldErrors(invalidRows(selection, options, size));
  // Conform's fields are made as they are read: each one is read through, never copied whole.
  return new Proxy(fields, {
    get(target, name: string) {
      const field = target[name];
      if (!field?.errors?.length) return field;
      return {
        id: field.id,
        name: field.name,
        errorId: field.errorId,
        descriptionId: field.descriptionId,
        maxLength: field.maxLength,
        errors: live[name] ?? [],
      };
    },
  });
}

/** The spec's 'Please finalize the following: {items}', each row a link to it (but `here`, the row the words stand in), unless not `linked`. */
export function FinalizeRows({ rows, here, linked = true }: { rows: readonly Row[]; here?: Row; linked?: boolean }) {
  const { t } = useTranslation();
  const elsewhere = linked ? rows.filter((row) => row !== here) : [];
  return (
    <>
      <p>{t('checkout.finalize', { items: rows.map((row) => t(`checkout.row.${row}`)).join(', ') })}</p>
      {elsewhere.length ? (
        <ul className="plain-list inline-list">
          {elsewhere.map((row) => (
            <li key={row}>
              <a href={`#row-${row}`}>{t(`checkout.row.${row}`)}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * A row's DONE, and beside it the reason a press was refused. Without scripts the button posts to
 * the page's own address with the reason's fragment, so the answered page opens on the reason.
 */
function DoneButton({ row, refused }: { row: Row; refused?: readonly Row[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const reasonId = doneReasonId(row);
  return (
    <div className="checkout-row__done">
      <button
        type="submit"
        name="intent"
        value={`done:${row}`}
        className="button button--primary button--small"
        aria-label={t('checkout.doneRow', { row: t(`checkout.row.${row}`) })}
        aria-describedby={refused ? reasonId : undefined}
        formAction={hydrated ? undefined : `${location.pathname}${location.search}#${reasonId}`}
      >
        {t('checkout.done')}
      </button>
      {refused ? (
        <div id={reasonId} className="done-reason" tabIndex={-1}>
          <FinalizeRows rows={refused} here={row} />
        </div>
      ) : null}
    </div>
  );
}

/** What a notice beside a row says: a new shipping address reset the method; a new billing address asks for the payment method again. */
const NOTICE_KEYS: Partial<Record<Row, string>> = {
  shippingMethod: 'checkout.notice.shippingMethodReset',
  paymentMethod: 'checkout.notice.paymentMethodToConfirm',
};

const minorAsTyped = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
/** The quote's freight as money in the tenant's currency (as typed only if it is not an amount, which DONE refuses). */
const quoteAmountText = (selection: Selection, money: ReturnType<typeof useMoneyFormat>) => {
  const minor = quoteAmountMinor(selection);
  return minor === null ? selection.requestAQuote.amount : formatMinor(minor, money);
};

/** An address with its label, laid out as its country's post reads it, the country in the reader's language. */
export function AddressLines({ address }: { address: Address }) {
  const { i18n } = useTranslation();
  return (
    <span className="address">
      <strong>{address.label}</strong>
      {postalAddressLines(address, i18n.language).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}

const INSURANCE_MAX = 'checkout.errors.insuranceMax';

/** A selection error's words: the amount an insurance message names is the order's maximum (or zero, the least), the instructions' length the screen's. */
export function useSelectionErrorText(options: CheckoutOptionsView, size: OrderSize) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return (key: string) =>
    t(key, {
      amount: formatMinor(key === INSURANCE_MAX ? maxInsurance(options, size) : 0, money),
      max: MAX_SHIPPING_INSTRUCTIONS,
    });
}

type ErrorText = ReturnType<typeof useSelectionErrorText>;

/** The selection form's fields in the order the rows show them (the error summary lists their errors so). */
export const SELECTION_FIELD_ORDER = [
  'shippingAddressId',
  'shippingMethodCode',
  'billMyAccount',
  'carrier',
  'carrierServiceLevel',
  'carrierAccountNumber',
  'quoteServiceLevel',
  'quoteAmount',
  'insured',
  'insuredAmount',
  'shippingInstructions',
  'billingAddressId',
  'paymentMethodCode',
  'service',
] as const;

/** A group's field id on its first choice, where the error summary's link for the group leads (GOV.UK's pattern). */
const groupId = (field: SelectionField, index: number) => (index === 0 ? field.id : undefined);

/** An input's link to its errors, and whether the server refused it. */
const described = (field: SelectionField) => ({
  'aria-describedby': field.errorId,
  'aria-invalid': field.errors?.length ? true : undefined,
});

/** The hidden fields that carry a closed row's saved choice with every post. */
function HiddenRow({ row, selection }: { row: Row; selection: Selection }) {
  switch (row) {
    case 'shippingAddress':
      return <input type="hidden" name="shippingAddressId" value={selection.shippingAddressId ?? ''} />;
    case 'billingAddress':
      return <input type="hidden" name="billingAddressId" value={selection.billingAddressId ?? ''} />;
    case 'paymentMethod':
      return <input type="hidden" name="paymentMethodCode" value={selection.paymentMethodCode ?? ''} />;
    case 'additionalServices':
      return (
        <>
          {selection.additionalServiceCodes.map((code) => (
            <input key={code} type="hidden" name="service" value={code} />
          ))}
        </>
      );
    case 'shippingMethod':
      return (
        <>
          <input type="hidden" name="shippingMethodCode" value={selection.shippingMethodCode ?? ''} />
          <input
            type="hidden"
            name="insured"
            value={selection.insured === null ? '' : selection.insured ? 'yes' : 'no'}
          />
          <input type="hidden" name="insuredAmount" value={minorAsTyped(selection.insuredAmount)} />
          <input type="hidden" name="shippingInstructions" value={selection.shippingInstructions} />
          <input type="hidden" name="carrier" value={selection.billMyAccount.carrier} />
          <input type="hidden" name="carrierServiceLevel" value={selection.billMyAccount.serviceLevel} />
          <input type="hidden" name="carrierAccountNumber" value={selection.billMyAccount.accountNumber} />
          <input type="hidden" name="quoteServiceLevel" value={selection.requestAQuote.serviceLevel} />
          <input type="hidden" name="quoteAmount" value={selection.requestAQuote.amount} />
        </>
      );
  }
}

/** The read-only view of a row. */
function RowSummary({ row, options, selection }: { row: Row; options: CheckoutOptionsView; selection: Selection }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const none = <p className="muted">{t('checkout.notChosen')}</p>;
  switch (row) {
    case 'shippingAddress': {
      const address = options.shippingAddresses.find((a) => a.id === selection.shippingAddressId);
      return address ? <AddressLines address={address} /> : none;
    }
    case 'billingAddress': {
      const address = options.billingAddresses.find((a) => a.id === selection.billingAddressId);
      return address ? <AddressLines address={address} /> : none;
    }
    case 'shippingMethod': {
      const method = options.shippingMethods.find((m) => m.code === selection.shippingMethodCode);
      if (!method) return none;
      return (
        <ul className="plain-list">
          <li>
            <strong>{method.label}</strong>{' '}
            <MethodQuote
              method={method}
              freights={options.shippingAddresses.find((a) => a.id === selection.shippingAddressId)?.freights}
            />
          </li>
          {method.code === BILL_MY_ACCOUNT ? (
            <li>
              {[
                selection.billMyAccount.carrier,
                selection.billMyAccount.serviceLevel,
                selection.billMyAccount.accountNumber,
              ].join(' · ')}
            </li>
          ) : null}
          {method.code === REQUEST_A_QUOTE ? (
            <li>
              {t('checkout.quoteSummary', {
                level: serviceLevelLabel(options.requestAQuote, selection.requestAQuote.serviceLevel),
                amount: quoteAmountText(selection, money),
              })}
            </li>
          ) : null}
          {method.insuranceAvailable ? (
            <li>
              {selection.insured
                ? t('checkout.insuredFor', { amount: formatMinor(selection.insuredAmount ?? 0, money) })
                : t('checkout.notInsured')}
            </li>
          ) : null}
          {!method.ignoreShippingInstructions && selection.shippingInstructions ? (
            <li className="pre-line">{selection.shippingInstructions}</li>
          ) : null}
        </ul>
      );
    }
    case 'paymentMethod': {
      const payment = options.paymentMethods.find((p) => p.code === selection.paymentMethodCode);
      return payment ? (
        <p>
          <strong>{payment.label}</strong> <span className="muted">{payment.description}</span>
        </p>
      ) : (
        none
      );
    }
    case 'additionalServices': {
      const chosen = options.additionalServices.filter((s) => selection.additionalServiceCodes.includes(s.code));
      return chosen.length ? (
        <ul className="plain-list">
          {chosen.map((s) => (
            <li key={s.code}>{s.label}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('checkout.noServices')}</p>
      );
    }
  }
}

/** The edit view of a row: radio groups, the method's own fields, the services' checkboxes. */
function RowEditor({
  row,
  options,
  size,
  selection,
  fields,
  onChange,
}: {
  row: Row;
  options: CheckoutOptionsView;
  size: OrderSize;
  selection: Selection;
  fields: SelectionFields;
  onChange?: RowsProps['onChange'];
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const text = useSelectionErrorText(options, size);
  const legend = t(`checkout.row.${row}`);
  switch (row) {
    case 'shippingAddress':
    case 'billingAddress': {
      const name = row === 'shippingAddress' ? 'shippingAddressId' : 'billingAddressId';
      const list = row === 'shippingAddress' ? options.shippingAddresses : options.billingAddresses;
      const field = fields[name]!;
      return (
        <fieldset className="choice-list" aria-describedby={field.errorId}>
          <legend className="visually-hidden">{legend}</legend>
          {list.map((address, i) => (
            <label key={address.id} className="choice">
              <input
                id={groupId(field, i)}
                type="radio"
                name={field.name}
                value={address.id}
                checked={selection[name] === address.id}
                onChange={() => onChange?.({ [name]: address.id })}
              />
              <AddressLines address={address} />
            </label>
          ))}
          <FieldError id={field.errorId} errors={field.errors} words={text} />
        </fieldset>
      );
    }
    case 'paymentMethod': {
      const allowed = paymentMethodsFor(options, size);
      const field = fields.paymentMethodCode!;
      return (
        <fieldset className="choice-list" aria-describedby={field.errorId}>
          <legend className="visually-hidden">{legend}</legend>
          {options.paymentMethods.map((payment, i) => {
            const within = allowed.includes(payment);
            return (
              <label key={payment.code} className="choice">
                <input
                  id={groupId(field, i)}
                  type="radio"
                  name={field.name}
                  value={payment.code}
                  disabled={!within}
                  checked={selection.paymentMethodCode === payment.code}
                  onChange={() => onChange?.({ paymentMethodCode: payment.code })}
                />
                <span>
                  <strong>{payment.label}</strong> <span className="muted">{payment.description}</span>
                  {!within && payment.creditLimit !== null ? (
                    <span className="muted">
                      {' '}
                      {t('checkout.aboveCreditLimit', { amount: formatMinor(payment.creditLimit, money) })}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
          <FieldError id={field.errorId} errors={field.errors} words={text} />
        </fieldset>
      );
    }
    case 'additionalServices': {
      const field = fields.service!;
      return (
        <fieldset className="choice-list" aria-describedby={field.errorId}>
          <legend className="visually-hidden">{legend}</legend>
          {options.additionalServices.map((service, i) => (
            <label key={service.code} className="choice">
              <input
                id={groupId(field, i)}
                type="checkbox"
                name={field.name}
                value={service.code}
                checked={selection.additionalServiceCodes.includes(service.code)}
                onChange={(event) =>
                  onChange?.({
                    additionalServiceCodes: event.currentTarget.checked
                      ? [...selection.additionalServiceCodes, service.code]
                      : selection.additionalServiceCodes.filter((c) => c !== service.code),
                  })
                }
              />
              <span>
                <strong>{service.label}</strong> <span className="muted">{service.description}</span>
              </span>
            </label>
          ))}
          <FieldError id={field.errorId} errors={field.errors} words={text} />
        </fieldset>
      );
    }
    case 'shippingMethod':
      return (
        <ShippingMethodEditor
          options={options}
          size={size}
          selection={selection}
          fields={fields}
          text={text}
          onChange={onChange}
        />
      );
  }
}

function ShippingMethodEditor({
  options,
  size,
  selection,
  fields,
  text,
  onChange,
}: {
  options: CheckoutOptionsView;
  size: OrderSize;
  selection: Selection;
  fields: SelectionFields;
  text: ErrorText;
  onChange?: RowsProps['onChange'];
}) {
  const { t } = useTranslation();
  const { currencyCode } = useMoneyFormat();
  const address = options.shippingAddresses.find((a) => a.id === selection.shippingAddressId);
  const allowed = methodsFor(options, selection.shippingAddressId, size);
  const offered = options.shippingMethods.filter((m) => address?.shippingMethodCodes.includes(m.code));
  const method = allowed.find((m) => m.code === selection.shippingMethodCode);
  const bma = options.billMyAccount;
  const levels = bma.carrierServiceLevelOptions[selection.billMyAccount.carrier] ?? [];
  const {
    shippingMethodCode,
    billMyAccount,
    carrier,
    carrierServiceLevel,
    carrierAccountNumber,
    quoteServiceLevel,
    quoteAmount,
    insured,
    insuredAmount,
    shippingInstructions,
  } = fields;
  if (!address)
    return (
      <>
        <p className="muted">{t('checkout.chooseAddressFirst')}</p>
        {/* A save of every row at once (preferences) still says by the row that a method is missing. */}
        {shippingMethodCode!.errors?.length ? (
          <FieldError id={shippingMethodCode!.errorId} errors={shippingMethodCode!.errors} words={text} />
        ) : null}
      </>
    );
  return (
    <div className="method-editor">
      <fieldset className="choice-list" aria-describedby={shippingMethodCode!.errorId}>
        <legend className="visually-hidden">{t('checkout.row.shippingMethod')}</legend>
        {offered.map((m, i) => {
          const within = allowed.includes(m);
          return (
            <label key={m.code} className="choice">
              <input
                id={groupId(shippingMethodCode!, i)}
                type="radio"
                name={shippingMethodCode!.name}
                value={m.code}
                disabled={!within}
                checked={selection.shippingMethodCode === m.code}
                onChange={() => onChange?.({ shippingMethodCode: m.code })}
              />
              <span>
                <strong>{m.label}</strong> <MethodQuote method={m} freights={address.freights} />
                {!within && m.maxDevicesInShipment !== null ? (
                  <span className="muted"> {t('checkout.aboveDeviceLimit', { count: m.maxDevicesInShipment })}</span>
                ) : null}
              </span>
            </label>
          );
        })}
        <FieldError id={shippingMethodCode!.errorId} errors={shippingMethodCode!.errors} words={text} />
      </fieldset>

      {method?.code === BILL_MY_ACCOUNT ? (
        <fieldset id={billMyAccount!.id} className="field-group" aria-describedby={billMyAccount!.errorId}>
          <legend>{t('checkout.billMyAccount')}</legend>
          <FieldError id={billMyAccount!.errorId} errors={billMyAccount!.errors} words={text} />
          <div className="field">
            <label htmlFor={carrier!.id}>{t('checkout.carrier')}</label>
            {bma.carrierChoiceRestricted ? (
              <select
                id={carrier!.id}
                name={carrier!.name}
                value={selection.billMyAccount.carrier}
                onChange={(e) =>
                  onChange?.({ billMyAccount: { ...selection.billMyAccount, carrier: e.currentTarget.value } })
                }
                {...described(carrier!)}
              >
                <option value="">{t('checkout.choose')}</option>
                {bma.carrierOptions.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            ) : (
              <input
                id={carrier!.id}
                name={carrier!.name}
                maxLength={carrier!.maxLength}
                value={selection.billMyAccount.carrier}
                onChange={(e) =>
                  onChange?.({ billMyAccount: { ...selection.billMyAccount, carrier: e.currentTarget.value } })
                }
                {...described(carrier!)}
              />
            )}
            <FieldError id={carrier!.errorId} errors={carrier!.errors} words={text} />
          </div>
          <div className="field">
            <label htmlFor={carrierServiceLevel!.id}>{t('checkout.serviceLevel')}</label>
            {bma.carrierServiceLevelsRestricted ? (
              <select
                id={carrierServiceLevel!.id}
                name={carrierServiceLevel!.name}
                value={selection.billMyAccount.serviceLevel}
                onChange={(e) =>
                  onChange?.({ billMyAccount: { ...selection.billMyAccount, serviceLevel: e.currentTarget.value } })
                }
                {...described(carrierServiceLevel!)}
              >
                <option value="">{t('checkout.choose')}</option>
                {/* Without scripts the carrier may change in the same post: every carrier's levels are offered, the server checks the pair. */}
                {(levels.length ? levels : [...new Set(Object.values(bma.carrierServiceLevelOptions).flat())]).map(
                  (level) => (
                    <option key={level}>{level}</option>
                  ),
                )}
              </select>
            ) : (
              <input
                id={carrierServiceLevel!.id}
                name={carrierServiceLevel!.name}
                maxLength={carrierServiceLevel!.maxLength}
                value={selection.billMyAccount.serviceLevel}
                onChange={(e) =>
                  onChange?.({ billMyAccount: { ...selection.billMyAccount, serviceLevel: e.currentTarget.value } })
                }
                {...described(carrierServiceLevel!)}
              />
            )}
            <FieldError id={carrierServiceLevel!.errorId} errors={carrierServiceLevel!.errors} words={text} />
          </div>
          <div className="field">
            <label htmlFor={carrierAccountNumber!.id}>{t('checkout.accountNumber')}</label>
            <input
              id={carrierAccountNumber!.id}
              name={carrierAccountNumber!.name}
              maxLength={carrierAccountNumber!.maxLength}
              autoComplete="off"
              value={selection.billMyAccount.accountNumber}
              onChange={(e) =>
                onChange?.({ billMyAccount: { ...selection.billMyAccount, accountNumber: e.currentTarget.value } })
              }
              {...described(carrierAccountNumber!)}
            />
            <FieldError id={carrierAccountNumber!.errorId} errors={carrierAccountNumber!.errors} words={text} />
          </div>
        </fieldset>
      ) : null}

      {method?.code === REQUEST_A_QUOTE ? (
        <fieldset className="field-group">
          <legend>{t('checkout.requestAQuote')}</legend>
          <div className="field">
            <label htmlFor={quoteServiceLevel!.id}>{t('checkout.serviceLevel')}</label>
            <select
              id={quoteServiceLevel!.id}
              name={quoteServiceLevel!.name}
              value={selection.requestAQuote.serviceLevel}
              onChange={(e) =>
                onChange?.({ requestAQuote: { ...selection.requestAQuote, serviceLevel: e.currentTarget.value } })
              }
              {...described(quoteServiceLevel!)}
            >
              <option value="">{t('checkout.choose')}</option>
              {options.requestAQuote.serviceLevels.map((level) => (
                <option key={level} value={level}>
                  {serviceLevelLabel(options.requestAQuote, level)}
                </option>
              ))}
            </select>
            <FieldError id={quoteServiceLevel!.errorId} errors={quoteServiceLevel!.errors} words={text} />
          </div>
          <div className="field">
            <label htmlFor={quoteAmount!.id}>{t('checkout.freight')}</label>
            <p className="field__hint" id={quoteAmount!.descriptionId}>
              {t('checkout.freightHint', { currency: currencyCode })}
            </p>
            <span className="field__with-unit">
              <input
                id={quoteAmount!.id}
                name={quoteAmount!.name}
                inputMode="decimal"
                maxLength={quoteAmount!.maxLength}
                autoComplete="off"
                value={selection.requestAQuote.amount}
                onChange={(e) =>
                  onChange?.({ requestAQuote: { ...selection.requestAQuote, amount: e.currentTarget.value } })
                }
                {...described(quoteAmount!)}
                aria-describedby={`${quoteAmount!.errorId} ${quoteAmount!.descriptionId}`}
              />
              <span className="field__unit">{currencyCode}</span>
            </span>
            <FieldError id={quoteAmount!.errorId} errors={quoteAmount!.errors} words={text} />
          </div>
        </fieldset>
      ) : null}

      {method?.insuranceAvailable ? (
        <fieldset className="field-group" aria-describedby={insured!.errorId}>
          <legend>{t('checkout.insurance')}</legend>
          <label className="choice choice--inline">
            <input
              id={insured!.id}
              type="radio"
              name={insured!.name}
              value="yes"
              checked={selection.insured === true}
              onChange={() => onChange?.({ insured: true })}
            />
            {t('checkout.insuranceYes')}
          </label>
          <label className="choice choice--inline">
            <input
              type="radio"
              name={insured!.name}
              value="no"
              checked={selection.insured === false}
              onChange={() => onChange?.({ insured: false })}
            />
            {t('checkout.insuranceNo')}
          </label>
          <FieldError id={insured!.errorId} errors={insured!.errors} words={text} />
          {selection.insured ? (
            <InsuranceAmount
              selection={selection}
              max={maxInsurance(options, size)}
              field={insuredAmount!}
              text={text}
              onChange={onChange}
            />
          ) : null}
        </fieldset>
      ) : (
        <input type="hidden" name="insured" value="" />
      )}

      {method && !method.ignoreShippingInstructions ? (
        <div className="field">
          <label htmlFor={shippingInstructions!.id}>{t('checkout.instructions')}</label>
          <textarea
            id={shippingInstructions!.id}
            name={shippingInstructions!.name}
            rows={3}
            // The screen's limit; the schema's is longer, so that the rule says it in its words.
            maxLength={MAX_SHIPPING_INSTRUCTIONS}
            value={selection.shippingInstructions}
            onChange={(e) => onChange?.({ shippingInstructions: e.currentTarget.value })}
            {...described(shippingInstructions!)}
          />
          <FieldError id={shippingInstructions!.errorId} errors={shippingInstructions!.errors} words={text} />
        </div>
      ) : (
        <input type="hidden" name="shippingInstructions" value={selection.shippingInstructions} />
      )}
      {method?.code !== BILL_MY_ACCOUNT ? <HiddenBillMyAccount selection={selection} /> : null}
      {method?.code !== REQUEST_A_QUOTE ? <HiddenQuote selection={selection} /> : null}
    </div>
  );
}

const HiddenBillMyAccount = ({ selection }: { selection: Selection }) => (
  <>
    <input type="hidden" name="carrier" value={selection.billMyAccount.carrier} />
    <input type="hidden" name="carrierServiceLevel" value={selection.billMyAccount.serviceLevel} />
    <input type="hidden" name="carrierAccountNumber" value={selection.billMyAccount.accountNumber} />
  </>
);
const HiddenQuote = ({ selection }: { selection: Selection }) => (
  <>
    <input type="hidden" name="quoteServiceLevel" value={selection.requestAQuote.serviceLevel} />
    <input type="hidden" name="quoteAmount" value={selection.requestAQuote.amount} />
  </>
);

function InsuranceAmount({
  selection,
  max,
  field,
  text,
  onChange,
}: {
  selection: Selection;
  max: number;
  field: SelectionField;
  text: ErrorText;
  onChange?: RowsProps['onChange'];
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const invalid = field.errors?.length ? true : undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{t('checkout.insuredAmount')}</label>
      <input
        id={field.id}
        name={field.name}
        inputMode="decimal"
        maxLength={field.maxLength}
        autoComplete="off"
        defaultValue={minorAsTyped(selection.insuredAmount)}
        onChange={(e) => onChange?.({ insuredAmount: insuranceEntry(e.currentTarget.value, selection.insuredAmount) })}
        aria-describedby={`${field.errorId} ${field.descriptionId}`}
        aria-invalid={invalid}
      />
      <p className="field__hint" id={field.descriptionId}>
        {t('checkout.insuranceMaxHint', { amount: formatMinor(max, money) })}
      </p>
      <FieldError id={field.errorId} errors={field.errors} words={text} />
    </div>
  );
}

/** The five rows of the checkout and preferences screens (spec 3 §2.1, §2.4), each a read-only summary or its edit view. */
export function SelectionRows({
  options,
  size,
  selection,
  open,
  fields: answered,
  withDone,
  editHref,
  onChange,
  onEdit,
  editable = ROWS,
  notices = [],
  refusedDone,
  revalidate = false,
}: RowsProps) {
  const { t } = useTranslation();
  const fields = revalidate ? revalidatedFields(answered, selection, options, size) : answered;
  return (
    <div className="checkout-rows">
      <input type="hidden" name="wasShippingAddressId" value={selection.shippingAddressId ?? ''} />
      <input type="hidden" name="wasShippingMethodCode" value={selection.shippingMethodCode ?? ''} />
      <input
        type="hidden"
        name="wasInsured"
        value={selection.insured === null ? '' : selection.insured ? 'yes' : 'no'}
      />
      <input type="hidden" name="wasCarrier" value={selection.billMyAccount.carrier} />
      <input type="hidden" name="wasBillingAddressId" value={selection.billingAddressId ?? ''} />
      <input type="hidden" name="wasPaymentMethodCode" value={selection.paymentMethodCode ?? ''} />
      {ROWS.map((row) => {
        const isOpen = open.includes(row);
        const titleId = `row-${row}-title`;
        const notice = notices.includes(row) ? NOTICE_KEYS[row] : undefined;
        return (
          <section
            key={row}
            id={`row-${row}`}
            className={`checkout-row${isOpen ? ' checkout-row--open' : ''}`}
            aria-labelledby={titleId}
          >
            <header className="checkout-row__header">
              <h2 id={titleId} tabIndex={-1}>
                {t(`checkout.row.${row}`)}
              </h2>
              {!isOpen && withDone && editable.includes(row) ? (
                <Link
                  to={editHref(row)}
                  preventScrollReset
                  className="button button--secondary button--small"
                  aria-label={t('checkout.editRow', { row: t(`checkout.row.${row}`) })}
                  onClick={
                    onEdit
                      ? (event) => {
                          event.preventDefault();
                          onEdit(row);
                        }
                      : undefined
                  }
                >
                  {t('checkout.edit')}
                </Link>
              ) : null}
            </header>
            {notice ? (
              <p className="banner banner--info" role="status">
                {t(notice)}
              </p>
            ) : null}
            {isOpen ? (
              <>
                <input type="hidden" name="open" value={row} />
                <RowEditor
                  row={row}
                  options={options}
                  size={size}
                  selection={selection}
                  fields={fields}
                  onChange={onChange}
                />
                {withDone ? (
                  <DoneButton row={row} refused={refusedDone?.row === row ? refusedDone.unfinished : undefined} />
                ) : null}
              </>
            ) : (
              <>
                <HiddenRow row={row} selection={selection} />
                <RowSummary row={row} options={options} selection={selection} />
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
