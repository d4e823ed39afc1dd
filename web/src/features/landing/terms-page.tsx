import { Text } from '@mantine/core';
import { LegalPage, LegalSection } from './legal-page';

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <Text>
        SPMS is provided by your organisation for managing staff performance. By signing in you
        agree to use it for that purpose and in line with your organisation's own policies.
      </Text>
      <LegalSection title="Your account">
        <Text>
          Accounts are created by your administrator. Keep your password to yourself, and tell your
          HR administrator straight away if you think someone else has used your account.
        </Text>
      </LegalSection>
      <LegalSection title="Using the information">
        <Text>
          Records in SPMS concern real people. Use what you see only for your work, and do not copy
          or share it outside the organisation unless your role requires it.
        </Text>
      </LegalSection>
      <LegalSection title="The software">
        <Text>
          SPMS is open-source software, provided as is and without warranty. Your organisation hosts
          it, looks after its data and decides how it is configured.
        </Text>
      </LegalSection>
      <LegalSection title="Questions">
        <Text>For anything about these terms or your account, contact your HR administrator.</Text>
      </LegalSection>
    </LegalPage>
  );
}
