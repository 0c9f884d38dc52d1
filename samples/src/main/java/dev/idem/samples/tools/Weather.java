package dev.idem.samples.tools;

import dev.idem.Param;
import dev.idem.Tool;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A read-only weather lookup over deterministic in-memory data, so demos and tests need no
 * network.
 *
 * <pre>{@code
 * ToolSet tools = Weather_ToolSet.of(new Weather());
 * }</pre>
 */
public class Weather {

    /** Sky conditions. */
    public enum Sky { SUNNY, CLOUDY, RAIN, SNOW }

    /**
     * One day's forecast.
     *
     * @param city     the city
     * @param date     the day
     * @param sky      the sky
     * @param minC     lowest temperature, in degrees Celsius
     * @param maxC     highest temperature, in degrees Celsius
     */
    public record Forecast(String city, LocalDate date, Sky sky, int minC, int maxC) {}

    /**
     * Forecasts the weather of a city for some days from a start date.
     *
     * @param city  the city name, e.g. Lisbon
     * @param start the first day
     * @param days  how many days, 1 to 7
     */
    @Tool(readOnly = true, title = "Weather forecast")
    public List<Forecast> forecast(@Param(minLength = 1, maxLength = 80) String city, LocalDate start,
            @Param(min = 1, max = 7) int days) {
        List<Forecast> result = new ArrayList<>();
        int seed = Math.floorMod(city.toLowerCase(Locale.ROOT).hashCode(), 1000);
        for (int i = 0; i < days; i++) {
            LocalDate date = start.plusDays(i);
            int mix = seed + date.getDayOfYear();
            Sky sky = Sky.values()[mix % Sky.values().length];
            int min = sky == Sky.SNOW ? -5 + mix % 5 : 8 + mix % 10;
            result.add(new Forecast(city, date, sky, min, min + 4 + mix % 6));
        }
        return result;
    }
}
