import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_MESSAGES, isIsoDate, type BookingConfig, type BookingSlotsQuery, type BookingSlotsResponse, type FormDefinition } from '@storefront/contracts';
import { ContentStore } from '@storefront/site-config';
import { Between, DataSource, IsNull, type EntityManager } from 'typeorm';
import { formDefinitionOf } from '../submissions/submission-target.js';
import { BookedSlotEntity } from './booked-slot.entity.js';
import { addDays, bookingDays, clockMinutes, slotKey, wallClockIn, weeklyHoursOf, type SlotPlan } from './booking-slots.js';

/** A booking form's config.booking with its defaults filled in. */
export const BOOKING_DEFAULTS = { slotMinutes: 60, daysAhead: 30, timeZone: 'America/New_York', noticeMinutes: 120 } as const satisfies Required<BookingConfig>;

export const NOT_A_BOOKING_FORM_MESSAGE = 'This form takes no bookings';
/** the unique index of migration 1764000000500: one active booking per slot */
const ACTIVE_SLOT_INDEX = 'booked_slot_active_key';

/** The slot a valid booking claims. */
export interface SlotClaim {
  formName: string;
  date: string;
  startMinute: number;
}

interface Plan extends Omit<SlotPlan, 'taken'> {
  /** the bookable days: the business's today to daysAhead - 1 days later */
  first: string;
  last: string;
  timeZone: string;
}

export function bookingConfigOf(definition: Pick<FormDefinition, 'config'>): Required<BookingConfig> | undefined {
  const booking = definition.config?.booking;
  return booking ? { ...BOOKING_DEFAULTS, ...booking } : undefined;
}

/**
 * The booking calendar on the server: which slots of a booking form are free, whether a submitted slot
 * may be booked, and the claim that books it (in the submission's own transaction).
 */
@Injectable()
export class Bookings {
  constructor(
    private readonly content: ContentStore,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** GET /api/forms/{formName}/slots: the asked range, kept within the bookable days. */
  async slots(formName: string, query: BookingSlotsQuery, now = new Date()): Promise<BookingSlotsResponse> {
    const config = bookingConfigOf(await formDefinitionOf(this.content, formName));
    if (!config) throw new NotFoundException({ message: NOT_A_BOOKING_FORM_MESSAGE, errorType: 'notABookingForm' });
    const plan = await this.planFor(config, now);
    const from = query.from && query.from > plan.first ? query.from : plan.first;
    const to = query.to && query.to < plan.last ? query.to : plan.last;
    const days = from <= to ? bookingDays({ ...plan, taken: await this.takenBetween(this.dataSource.manager, formName, from, to) }, from, to) : [];
    return { timeZone: plan.timeZone, slotMinutes: plan.slotMinutes, days };
  }

  /**
   * The slot a booking form's validated values ask for, when it is one of the free slots: a date of the
   * bookable days, a start of that day's opening hours, not too soon. Otherwise a 400 on the slot field.
   */
  async check(formName: string, config: Required<BookingConfig>, values: Record<string, unknown>, now = new Date()): Promise<SlotClaim> {
    const plan = await this.planFor(config, now);
    const date = typeof values.date === 'string' ? values.date : '';
    const startMinute = typeof values.slot === 'string' ? clockMinutes(values.slot) : undefined;
    const unavailable = () => new BadRequestException({ message: BOOKING_MESSAGES.slotUnavailable, errorType: 'slotUnavailable', errors: { slot: BOOKING_MESSAGES.slotUnavailable } });
    if (!isIsoDate(date) || startMinute === undefined || date < plan.first || date > plan.last) throw unavailable();
    const [day] = bookingDays({ ...plan, taken: new Set() }, date, date);
    const slot = day?.slots.find((candidate) => clockMinutes(candidate.time) === startMinute);
    if (!slot?.free) throw unavailable();
    // Whether someone holds it is claim()'s to say, inside the transaction: after a replayed
    // Idempotency-Key has answered its first 201, and safe when two requests race.
    return { formName, date, startMinute };
  }

  /**
   * Books the slot inside the submission's transaction. Two requests for one slot: the second insert
   * waits on the first's unique index entry and fails once that commits, so exactly one is booked
   * and the other's submission is rolled back with it (409).
   */
  async claim(manager: EntityManager, claim: SlotClaim, submissionId: string): Promise<void> {
    try {
      await manager.insert(BookedSlotEntity, {
        id: randomUUID(),
        submissionId,
        formName: claim.formName,
        slotDate: claim.date,
        startMinute: claim.startMinute,
        cancelledAt: null,
      });
    } catch (error) {
      const failure = error as { code?: string; constraint?: string };
      if (failure.code === '23505' && failure.constraint === ACTIVE_SLOT_INDEX) throw slotTaken();
      throw error;
    }
  }

  private async planFor(config: Required<BookingConfig>, now: Date): Promise<Plan> {
    const site = await this.content.loadSiteData();
    const today = wallClockIn(config.timeZone, now);
    return {
      week: weeklyHoursOf(site.site.hours ?? []),
      slotMinutes: config.slotMinutes,
      noticeMinutes: config.noticeMinutes,
      now: today,
      first: today.date,
      last: addDays(today.date, config.daysAhead - 1),
      timeZone: config.timeZone,
    };
  }

  private async takenBetween(manager: EntityManager, formName: string, from: string, to: string): Promise<Set<string>> {
    const rows = await manager.find(BookedSlotEntity, {
      select: { slotDate: true, startMinute: true },
      where: { formName, slotDate: Between(from, to), cancelledAt: IsNull() },
    });
    return new Set(rows.map((row) => slotKey(row.slotDate, row.startMinute)));
  }
}

function slotTaken(): ConflictException {
  return new ConflictException({ message: BOOKING_MESSAGES.slotTaken, errorType: 'slotTaken', errors: { slot: BOOKING_MESSAGES.slotTaken } });
}
