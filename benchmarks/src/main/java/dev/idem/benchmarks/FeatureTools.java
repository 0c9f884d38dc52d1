package dev.idem.benchmarks;

import dev.idem.ApprovalCondition;
import dev.idem.Tool;
import dev.idem.benchmarks.BookingTools.Cabin;
import dev.idem.benchmarks.BookingTools.Passenger;
import dev.idem.tool.Verification;
import dev.idem.tool.content.ContentItem;
import dev.idem.tool.content.ToolContent;
import java.util.List;

/**
 * {@link BookingTools#book}'s body under tools that name a feature its call does not use: a
 * verifier (asked only when an outcome is unknown), an approval whose condition does not hold, and
 * a content-returning tool beside them in the registry. What {@link FeatureCostBenchmark} measures.
 */
public class FeatureTools {

    /** Parties above eight seats need a person's approval; the benchmark's call books two. */
    public static final class LargeParty implements ApprovalCondition {
        @Override
        public boolean requiresApproval(Arguments arguments) {
            return arguments.longValue("seats") > 8;
        }
    }

    /**
     * Books seats on a flight; its verifier answers for an unknown outcome.
     *
     * @param flight flight number
     * @param seats  number of seats
     * @param cabin  cabin class
     * @param meals  meal preferences
     * @param lead   the lead passenger
     * @return the booking
     */
    @Tool(description = "Books seats on a flight", verifier = "findBooking")
    public String bookVerified(String flight, int seats, Cabin cabin, List<String> meals, Passenger lead) {
        return flight + '/' + seats + '/' + cabin + '/' + meals.size() + '/' + lead.name() + '/' + lead.age();
    }

    Verification<String> findBooking(String idempotencyKey) {
        return Verification.unknown("the benchmark's service keeps no bookings");
    }

    /**
     * Books seats on a flight; a large party waits for a person's approval.
     *
     * @param flight flight number
     * @param seats  number of seats
     * @param cabin  cabin class
     * @param meals  meal preferences
     * @param lead   the lead passenger
     * @return the booking
     */
    @Tool(description = "Books seats on a flight", requiresApproval = true, approvalWhen = LargeParty.class)
    public String bookApproved(String flight, int seats, Cabin cabin, List<String> meals, Passenger lead) {
        return flight + '/' + seats + '/' + cabin + '/' + meals.size() + '/' + lead.name() + '/' + lead.age();
    }

    /**
     * The boarding pass of a booking, as content.
     *
     * @param booking the booking
     * @return the pass as text content
     */
    @Tool(description = "The boarding pass of a booking", readOnly = true)
    public ToolContent boardingPass(String booking) {
        return ToolContent.of(ContentItem.text("boarding pass for " + booking));
    }
}
