import { Text } from '@mantine/core';
import { LegalPage, LegalSection } from './legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <Text>
        SPMS is open-source software that your organisation runs on its own server. The information
        it holds about you stays there: it is not sent to the makers of SPMS or to any other third
        party.
      </Text>
      <LegalSection title="What is stored">
        <Text>
          Your name, email address, position, department and start date; the performance metrics
          recorded for you; bonuses you have been awarded; your answers to questions; and a record
          of changes made in the system, kept so that they can be checked later.
        </Text>
      </LegalSection>
      <LegalSection title="Who can see it">
        <Text>
          Staff see their own metrics and bonuses, and the performance rankings shared with
          everyone. Managers and administrators see staff records, metrics and bonuses so that they
          can manage them. Only administrators manage user accounts and read the audit trail.
        </Text>
      </LegalSection>
      <LegalSection title="How it is protected">
        <Text>
          Passwords are stored only as secure hashes, and every change to important records is
          logged. How long records are kept, and how they are backed up, is decided by your
          organisation.
        </Text>
      </LegalSection>
      <LegalSection title="Questions and requests">
        <Text>
          To see, correct or remove your information, or if you have a question about how it is
          used, please contact your HR administrator.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
