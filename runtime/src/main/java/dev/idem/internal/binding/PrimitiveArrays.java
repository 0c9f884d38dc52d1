package dev.idem.internal.binding;

import java.util.List;
import java.util.function.IntFunction;

/**
 * Turns the lists generated binders read into arrays. A list with a null item (a problem was
 * reported for it) gives null: the tool never runs on it anyway.
 */
public final class PrimitiveArrays {

    private PrimitiveArrays() {}

    /** The list as an array made by {@code create} (e.g. {@code String[]::new}); null stays null. */
    public static <T> T[] toArray(List<T> list, IntFunction<T[]> create) {
        return list == null ? null : list.toArray(create.apply(list.size()));
    }

    public static int[] toIntArray(List<Integer> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        int[] result = new int[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static long[] toLongArray(List<Long> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        long[] result = new long[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static short[] toShortArray(List<Short> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        short[] result = new short[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static byte[] toByteArray(List<Byte> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        byte[] result = new byte[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static double[] toDoubleArray(List<Double> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        double[] result = new double[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static float[] toFloatArray(List<Float> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        float[] result = new float[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static boolean[] toBooleanArray(List<Boolean> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        boolean[] result = new boolean[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }

    public static char[] toCharArray(List<Character> list) {
        if (list == null || list.contains(null)) {
            return null;
        }
        char[] result = new char[list.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = list.get(i);
        }
        return result;
    }
}
