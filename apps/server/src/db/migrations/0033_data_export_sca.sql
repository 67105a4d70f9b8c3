-- « Télécharger mes données » (GDPR art. 15 and 20) is confirmed by strong authentication:
-- challenges and tokens may be made for the action `data_export`.
alter table sca_challenges drop constraint sca_challenges_action_check;
alter table sca_challenges add constraint sca_challenges_action_check
  check (action in ('transfer', 'beneficiary', 'card_reveal', 'factor_removal', 'factor_enrolment',
                    'data_export'));
