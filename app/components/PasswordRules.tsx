import { useTranslation } from '~/i18n/light-react-i18next';
import { passwordRules } from '~/domain/password-rules';

/** The rules popover of the new-password screens; each rule ticks as the typed password meets it. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  return (
    <details className="password-rules" open>
      <summary>{t('password.rulesButton')}</summary>
      <div id={id}>
        <p>{t('password.rulesTitle')}</p>
        <ul>
          {passwordRules.map((rule) => {
            const met = rule.test(password);
            return (
              <li key={rule.key} className={met ? 'rule rule--met' : 'rule'} data-met={met}>
                <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`password.rule.${rule.key}`)}
              </li>
            );
          })}
        </ul>
      </div>
    </details>
  );
}
