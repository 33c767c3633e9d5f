// SPDX-License-Identifier: GPL-2.0
/*
 * pcp_bench: the cost of the page allocator's fast path, per order, in the
 * spirit of Jesper Brouer's page_bench01/02.  Runs when loaded, prints one
 * line per order and mode, and stays loaded until removed:
 *
 *   pcp_bench: mode=single order=4 loops=200000 ns=31.42 cycles=72 \
 *              gfp=movable set=0-3,9
 *
 * mode=single: alloc_pages() then __free_pages() of one page, in a loop.
 * mode=batch:  allocate @outstanding pages, then free them all, in a loop;
 *              the cost is per alloc+free pair.
 * mode=mixed:  the batch loop with every other allocation of order
 *              @mix_order (default 4, the smallest mTHP order), freed in
 *              the order allocated: another order's refills and trims
 *              among this order's, as mTHP faults among order-0 ones.  The
 *              order's own calls are timed one by one, so ns is what its
 *              pairs cost among the others (the clock reads included: the
 *              same under every order set; cycles not counted: 0);
 *              loops counts its pairs.
 * mode=cross:  allocate @outstanding pages on this CPU and free them on
 *              another one (a kthread bound to the next online CPU), two
 *              batches in flight, as a network receive path or a page
 *              handed to another CPU's task does; per alloc+free pair.
 *              Needs two online CPUs.
 * mode=allcpu: the single loop on @ncpus CPUs at once (0: every online
 *              CPU), one bound kthread each, started together; ns is the
 *              wall time per pair per CPU (throughput: cpus * 1e9 / ns
 *              pairs per second), and the line says cpus=N.
 * mode=burst:  a CPU whose lists a run of frees filled with one migratetype
 *              and which then allocates another: @fill movable order-0
 *              pages (plus the round's number modulo @fill_span, so that
 *              the rounds leave every count pcp->high's trims allow)
 *              allocated and freed, then a burst of @outstanding
 *              unmovable (GFP_KERNEL) allocations of the order, timed,
 *              then freed untimed.  ns (and cycles) are per allocation of
 *              the bursts; max_ns is the round whose burst cost most, per
 *              allocation.  Under QEMU -icount: instructions, and each
 *              refill's trip to zone->lock among them.
 * ns (and cycles, where the architecture has a cycle counter) are per
 * alloc+free pair, measured over the whole loop on one CPU with migration
 * disabled (cross, allcpu: wall time on the CPU that started them).
 *
 * mode=pressure: latency and success of high-order allocations that can
 *              fail and fall back (GFP_KERNEL|__GFP_NORETRY), under the
 *              memory pressure the caller has set up: @loops attempts per
 *              order (with @mem_pct: as many as make up that share of the
 *              memory of the node, or of all memory), each timed alone
 *              (ktime; under QEMU -icount the guest clock counts
 *              instructions), the pages held until the order is done so
 *              that memory stays as fragmented as the attempts leave it.
 *              Two lines per order, the summary and the distribution
 *              (attempts per power of two of ns: the b-th number counts
 *              [2^b, 2^(b+1)) ns, up to the last non-empty one):
 *
 *   pcp_bench: mode=pressure order=3 attempts=200 success=180 \
 *              min_ns=912 mean_ns=5230 max_ns=88213 stddev_ns=9001 ...
 *   pcp_bench: hist order=3 set=d1e1 round=1 log2_ns=0,0,0,0,0,0,0,0,0,12,...
 *
 *              On kernels with the slowpath series, when the task may run
 *              on one CPU only (taskset -c N insmod) and no kswapd on that
 *              CPU, the summary ends
 *              with the rounds of reclaim for compaction without progress
 *              that vm.reclaim_compaction_early_break decided, per
 *              attempt: noprogress_max, noprogress_p99 and went_on_max
 *              (the most of them that went on: the bound holds it at 8).
 *
 * @set and @round are labels the caller passes (the name of the
 * vm.percpu_pagelist_orders value it ran under, the round of an
 * interleaved A/B run); the module does not read the sysctl itself.
 *
 * Parameters: orders (order list, default 0-9), loops (default 100000),
 * outstanding (default 64), ncpus (allcpu: 0 = all online), movable
 * (default 1: GFP_KERNEL|__GFP_MOVABLE, the type of anonymous mTHP
 * folios; 0: GFP_KERNEL), mix_order (mixed), fill and fill_span (burst:
 * default 1024 and 64), modes (single, batch, mixed, cross, allcpu, burst;
 * pressure
 * alone, as it holds memory), thisnode (pressure: allocate on this CPU's
 * node with __GFP_THISNODE, as THP and SLUB first try).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitmap.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timex.h>
#include <linux/vmstat.h>

static char *orders = "0-9";
module_param(orders, charp, 0444);
static unsigned int loops = 100000;
module_param(loops, uint, 0444);
static unsigned int outstanding = 64;
module_param(outstanding, uint, 0444);
static bool movable = true;
module_param(movable, bool, 0444);
static char *modes = "single,batch";
module_param(modes, charp, 0444);
static char *set = "unknown";
module_param(set, charp, 0444);
static bool thisnode;
module_param(thisnode, bool, 0444);
static unsigned int mem_pct;
module_param(mem_pct, uint, 0444);
static unsigned int bench_round;
module_param_named(round, bench_round, uint, 0444);
static unsigned int ncpus;
module_param(ncpus, uint, 0444);
static unsigned int mix_order = 4;
module_param(mix_order, uint, 0444);
static unsigned int fill = 1024;
module_param(fill, uint, 0444);
static unsigned int fill_span = 64;
module_param(fill_span, uint, 0444);

static void report(const char *mode, unsigned int order, unsigned long pairs,
		   u64 ns, u64 cycles, unsigned int cpus)
{
	u64 milli = div64_u64(ns * 1000, pairs);

	pr_info("mode=%s order=%u loops=%lu ns=%llu.%02llu cycles=%llu gfp=%s set=%s round=%u cpus=%u\n",
		mode, order, pairs, milli / 1000, (milli % 1000) / 10,
		div64_u64(cycles, pairs), movable ? "movable" : "kernel", set,
		bench_round, cpus);
}

/* Bound kthreads of cross and allcpu: run @fn, then wait to be stopped. */
static void wait_for_stop(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

static int bench_single(unsigned int order, gfp_t gfp)
{
	cycles_t c0, c1;
	u64 t0, t1;
	unsigned int i;

	t0 = ktime_get_ns();
	c0 = get_cycles();
	for (i = 0; i < loops; i++) {
		struct page *page = alloc_pages(gfp, order);

		if (unlikely(!page))
			return -ENOMEM;
		__free_pages(page, order);
	}
	c1 = get_cycles();
	t1 = ktime_get_ns();
	report("single", order, loops, t1 - t0, c1 - c0, 1);
	return 0;
}

static int bench_batch(unsigned int order, gfp_t gfp, struct page **pages)
{
	unsigned int rounds = max(loops / outstanding, 1U), r, i, n = 0;
	cycles_t c0, c1;
	u64 t0, t1;
	int ret = 0;

	t0 = ktime_get_ns();
	c0 = get_cycles();
	for (r = 0; r < rounds && !ret; r++) {
		for (n = 0; n < outstanding; n++) {
			pages[n] = alloc_pages(gfp, order);
			if (unlikely(!pages[n])) {
				ret = -ENOMEM;
				break;
			}
		}
		for (i = 0; i < n; i++)
			__free_pages(pages[i], order);
	}
	c1 = get_cycles();
	t1 = ktime_get_ns();
	if (!ret)
		report("batch", order, (unsigned long)rounds * outstanding,
		       t1 - t0, c1 - c0, 1);
	return ret;
}

static int bench_mixed(unsigned int order, gfp_t gfp, struct page **pages)
{
	unsigned int rounds = max(loops / outstanding, 1U), r, i, n = 0;
	unsigned long pairs = 0;
	u64 t, ns = 0;
	int ret = 0;

	for (r = 0; r < rounds && !ret; r++) {
		for (n = 0; n < outstanding; n++) {
			if (n & 1) {
				pages[n] = alloc_pages(gfp, mix_order);
			} else {
				t = ktime_get_ns();
				pages[n] = alloc_pages(gfp, order);
				ns += ktime_get_ns() - t;
				pairs++;
			}
			if (unlikely(!pages[n])) {
				ret = -ENOMEM;
				break;
			}
		}
		for (i = 0; i < n; i++) {
			if (i & 1) {
				__free_pages(pages[i], mix_order);
				continue;
			}
			t = ktime_get_ns();
			__free_pages(pages[i], order);
			ns += ktime_get_ns() - t;
		}
	}
	if (!ret)
		report("mixed", order, pairs, ns, 0, 1);
	return ret;
}

/* mode=burst: lists filled with movable pages, then unmovable allocations. */
static int bench_burst(unsigned int order, struct page **pages)
{
	gfp_t fill_gfp = GFP_KERNEL | __GFP_MOVABLE | __GFP_NOWARN | __GFP_NORETRY;
	gfp_t gfp = GFP_KERNEL | __GFP_NOWARN | __GFP_NORETRY;
	unsigned int rounds = max(loops / outstanding, 1U), r, i, n, f;
	u64 t0, ns = 0, max_ns = 0, allocs, milli;
	cycles_t c0, cycles = 0;

	for (r = 0; r < rounds; r++) {
		f = fill + r % max(fill_span, 1U);
		for (n = 0; n < f; n++) {
			pages[n] = alloc_page(fill_gfp);
			if (unlikely(!pages[n]))
				break;
		}
		for (i = 0; i < n; i++)
			__free_page(pages[i]);
		if (n < f)
			return -ENOMEM;
		t0 = ktime_get_ns();
		c0 = get_cycles();
		for (n = 0; n < outstanding; n++) {
			pages[n] = alloc_pages(gfp, order);
			if (unlikely(!pages[n]))
				break;
		}
		cycles += get_cycles() - c0;
		t0 = ktime_get_ns() - t0;
		ns += t0;
		max_ns = max(max_ns, t0);
		for (i = 0; i < n; i++)
			__free_pages(pages[i], order);
		if (n < outstanding)
			return -ENOMEM;
	}
	allocs = (u64)rounds * outstanding;
	milli = div64_u64(ns * 1000, allocs);
	max_ns = div64_u64(max_ns * 1000, outstanding);
	pr_info("mode=burst order=%u loops=%llu ns=%llu.%02llu cycles=%llu gfp=kernel set=%s round=%u cpus=1 fill=%u-%u max_ns=%llu.%02llu\n",
		order, allocs, milli / 1000, (milli % 1000) / 10,
		div64_u64(cycles, allocs), set, bench_round, fill,
		fill + min(max(fill_span, 1U), rounds) - 1,
		max_ns / 1000, (max_ns % 1000) / 10);
	return 0;
}

/* mode=cross: two batches in flight between this CPU and a freeing CPU. */
struct cross_ctx {
	unsigned int order, rounds;
	struct page **buf[2];
	struct completion full[2], empty[2];
};

static int cross_freer(void *data)
{
	struct cross_ctx *c = data;
	unsigned int r, i;

	for (r = 0; r < c->rounds; r++) {
		struct page **buf = c->buf[r & 1];

		wait_for_completion(&c->full[r & 1]);
		for (i = 0; i < outstanding; i++)
			if (buf[i])
				__free_pages(buf[i], c->order);
		complete(&c->empty[r & 1]);
	}
	wait_for_stop();
	return 0;
}

static int bench_cross(unsigned int order, gfp_t gfp, struct page **pages)
{
	unsigned int cpu = smp_processor_id(), other, r, i, failed = 0;
	struct cross_ctx c = {
		.order = order,
		.rounds = max(loops / outstanding, 1U),
		.buf = { pages, pages + outstanding },
	};
	struct task_struct *freer;
	cycles_t c0, c1;
	u64 t0, t1;

	other = cpumask_any_but(cpu_online_mask, cpu);
	if (other >= nr_cpu_ids) {
		pr_err("mode=cross needs two online CPUs\n");
		return -ENODEV;
	}
	for (i = 0; i < 2; i++) {
		init_completion(&c.full[i]);
		init_completion(&c.empty[i]);
		complete(&c.empty[i]);
	}
	freer = kthread_create_on_cpu(cross_freer, &c, other, "pcp_bench_free/%u");
	if (IS_ERR(freer))
		return PTR_ERR(freer);
	wake_up_process(freer);

	t0 = ktime_get_ns();
	c0 = get_cycles();
	for (r = 0; r < c.rounds; r++) {
		struct page **buf = c.buf[r & 1];

		wait_for_completion(&c.empty[r & 1]);
		for (i = 0; i < outstanding; i++) {
			buf[i] = alloc_pages(gfp, order);
			failed += !buf[i];
		}
		complete(&c.full[r & 1]);
	}
	wait_for_completion(&c.empty[0]);
	wait_for_completion(&c.empty[1]);
	c1 = get_cycles();
	t1 = ktime_get_ns();
	kthread_stop(freer);
	if (failed)
		return -ENOMEM;
	report("cross", order, (unsigned long)c.rounds * outstanding,
	       t1 - t0, c1 - c0, 2);
	return 0;
}

/* mode=allcpu: the single loop on several CPUs, started together. */
struct allcpu_ctx {
	unsigned int order;
	gfp_t gfp;
	struct completion start, done;
	atomic_t running, failed;
};

static int allcpu_worker(void *data)
{
	struct allcpu_ctx *c = data;
	unsigned int i;

	wait_for_completion(&c->start);
	for (i = 0; i < loops; i++) {
		struct page *page = alloc_pages(c->gfp, c->order);

		if (unlikely(!page)) {
			atomic_inc(&c->failed);
			break;
		}
		__free_pages(page, c->order);
	}
	if (atomic_dec_and_test(&c->running))
		complete(&c->done);
	wait_for_stop();
	return 0;
}

static int bench_allcpu(unsigned int order, gfp_t gfp)
{
	unsigned int n = ncpus ? min(ncpus, num_online_cpus()) : num_online_cpus();
	struct allcpu_ctx c = { .order = order, .gfp = gfp };
	struct task_struct **workers;
	unsigned int cpu, i = 0, started;
	cycles_t c0, c1;
	u64 t0, t1;

	workers = kcalloc(n, sizeof(*workers), GFP_KERNEL);
	if (!workers)
		return -ENOMEM;
	init_completion(&c.start);
	init_completion(&c.done);
	atomic_set(&c.running, n);
	atomic_set(&c.failed, 0);
	for_each_online_cpu(cpu) {
		if (i == n)
			break;
		workers[i] = kthread_create_on_cpu(allcpu_worker, &c, cpu,
						   "pcp_bench/%u");
		if (IS_ERR(workers[i]))
			break;
		wake_up_process(workers[i++]);
	}
	started = i;
	/* Workers that could not be created count as done. */
	if (started < n && atomic_sub_and_test(n - started, &c.running))
		complete(&c.done);

	t0 = ktime_get_ns();
	c0 = get_cycles();
	complete_all(&c.start);
	if (started)
		wait_for_completion(&c.done);
	c1 = get_cycles();
	t1 = ktime_get_ns();
	for (i = 0; i < started; i++)
		kthread_stop(workers[i]);
	kfree(workers);
	if (started < n) {
		pr_err("mode=allcpu: could only start %u of %u threads\n", started, n);
		return -ENOMEM;
	}
	if (atomic_read(&c.failed))
		return -ENOMEM;
	report("allcpu", order, loops, t1 - t0, c1 - c0, n);
	return 0;
}

/* Attempts of @order: @loops, or with @mem_pct that share of memory. */
static unsigned int pressure_attempts(unsigned int order)
{
	unsigned long pages;

	if (!mem_pct)
		return loops;
	pages = thisnode ? node_present_pages(numa_node_id()) : totalram_pages();
	return max(1UL, (pages / 100 * mem_pct) >> order);
}

/* Latency histogram of mode=pressure: bucket b counts [2^b, 2^(b+1)) ns. */
#define PRESSURE_BUCKETS 32

#ifdef PCP_BENCH_RECLAIM_COMPACT
/*
 * Rounds of reclaim for compaction that reclaimed nothing and that
 * vm.reclaim_compaction_early_break decided (stopped by the rule, went on
 * without it, stopped by its bound), per attempt.  They are read from this
 * CPU's vm event counters around each attempt, which counts the attempt's
 * own rounds only while the task cannot leave this CPU (taskset -c N
 * insmod: the pressure mode does not disable migration, reclaim sleeps) and
 * no kswapd may run here (taskset -p it off this CPU): otherwise the
 * figures are not printed.  Other direct reclaimers on this CPU would still
 * count, so the figures are an upper bound: the caller keeps its workers,
 * kthreadd and the unbound workqueues (the writeback flusher's among them:
 * /sys/devices/virtual/workqueue/cpumask) elsewhere.
 */
#define NOPROGRESS_BUCKETS 128
static unsigned int noprogress_hist[NOPROGRESS_BUCKETS];

static unsigned long this_cpu_event(enum vm_event_item item)
{
	return this_cpu_read(vm_event_states.event[item]);
}

/*
 * Whether the counts of this CPU are the attempts' own: the task cannot
 * leave this CPU and no kswapd may run on it.
 */
static bool noprogress_own(void)
{
	int nid, cpu = raw_smp_processor_id();

	if (current->nr_cpus_allowed != 1)
		return false;
	for_each_online_node(nid) {
		struct task_struct *kswapd = READ_ONCE(NODE_DATA(nid)->kswapd);

		if (kswapd && cpumask_test_cpu(cpu, kswapd->cpus_ptr))
			return false;
	}
	return true;
}

struct noprogress {
	unsigned long decided, went_on;
};

static void noprogress_read(struct noprogress *np)
{
	np->went_on = this_cpu_event(RECLAIM_COMPACT_NOPROGRESS);
	np->decided = np->went_on + this_cpu_event(RECLAIM_COMPACT_EARLY_BREAK) +
		      this_cpu_event(RECLAIM_COMPACT_NOPROGRESS_LIMIT);
}

/* " noprogress_max=M noprogress_p99=P went_on_max=W" for @attempts. */
static void noprogress_summary(char *buf, size_t size, unsigned int attempts,
			       unsigned long max, unsigned long went_on_max)
{
	unsigned int b, seen = 0;

	for (b = 0; b < NOPROGRESS_BUCKETS - 1; b++) {
		seen += noprogress_hist[b];
		if (seen * 100ULL >= attempts * 99ULL)
			break;
	}
	scnprintf(buf, size, " noprogress_max=%lu noprogress_p99=%s%u went_on_max=%lu",
		  max, b == NOPROGRESS_BUCKETS - 1 ? ">=" : "", b, went_on_max);
}
#endif

static int bench_pressure(unsigned int order, gfp_t gfp, struct page **held,
			  unsigned int attempts)
{
	u64 min = U64_MAX, max = 0, sum = 0, sumsq = 0, mean, var = 0;
	unsigned int hist[PRESSURE_BUCKETS] = { 0 };
	unsigned int i, n = 0, top = 0;
	char buf[PRESSURE_BUCKETS * 11], np_buf[80] = "";
	int len = 0;
#ifdef PCP_BENCH_RECLAIM_COMPACT
	bool own = noprogress_own();
	unsigned long np_max = 0, went_on_max = 0;

	memset(noprogress_hist, 0, sizeof(noprogress_hist));
#endif

	for (i = 0; i < attempts; i++) {
		u64 t0, ns;
#ifdef PCP_BENCH_RECLAIM_COMPACT
		struct noprogress np0, np1;

		noprogress_read(&np0);
#endif

		t0 = ktime_get_ns();
		held[n] = thisnode ?
			alloc_pages_node(numa_node_id(), gfp | __GFP_THISNODE, order) :
			alloc_pages(gfp, order);
		ns = ktime_get_ns() - t0;
#ifdef PCP_BENCH_RECLAIM_COMPACT
		noprogress_read(&np1);
		np1.decided -= np0.decided;
		np1.went_on -= np0.went_on;
		noprogress_hist[min_t(unsigned long, np1.decided, NOPROGRESS_BUCKETS - 1)]++;
		np_max = max(np_max, np1.decided);
		went_on_max = max(went_on_max, np1.went_on);
#endif
		if (held[n])
			n++;
		min = min(min, ns);
		max = max(max, ns);
		hist[min_t(unsigned int, ns ? ilog2(ns) : 0, PRESSURE_BUCKETS - 1)]++;
		sum += ns;
		sumsq += ns * ns;
		cond_resched();
	}
	for (i = 0; i < n; i++)
		__free_pages(held[i], order);

	mean = div64_u64(sum, attempts);
	if (attempts > 1 && sumsq > mean * sum)
		var = div64_u64(sumsq - mean * sum, attempts - 1);
#ifdef PCP_BENCH_RECLAIM_COMPACT
	if (own && noprogress_own())
		noprogress_summary(np_buf, sizeof(np_buf), attempts, np_max, went_on_max);
#endif
	pr_info("mode=pressure order=%u attempts=%u success=%u min_ns=%llu mean_ns=%llu max_ns=%llu stddev_ns=%llu gfp=%s%s set=%s round=%u%s\n",
		order, attempts, n, min, mean, max, (u64)int_sqrt64(var),
		movable ? "movable" : "kernel", thisnode ? "+thisnode" : "",
		set, bench_round, np_buf);
	for (i = 0; i < PRESSURE_BUCKETS; i++)
		if (hist[i])
			top = i;
	for (i = 0; i <= top; i++)
		len += scnprintf(buf + len, sizeof(buf) - len, "%s%u",
				 i ? "," : "", hist[i]);
	pr_info("hist order=%u set=%s round=%u log2_ns=%s\n", order, set,
		bench_round, buf);
	return 0;
}

static int __init pcp_bench_init(void)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOWARN | __GFP_NORETRY |
		    (movable ? __GFP_MOVABLE : 0);
	DECLARE_BITMAP(mask, NR_PAGE_ORDERS);
	bool single = strstr(modes, "single"), batch = strstr(modes, "batch");
	bool mixed = strstr(modes, "mixed");
	bool cross = strstr(modes, "cross"), allcpu = strstr(modes, "allcpu");
	bool pressure = strstr(modes, "pressure");
	bool burst = strstr(modes, "burst");
	struct page **pages;
	unsigned int order;
	int ret = 0;

	if (bitmap_parselist(orders, mask, NR_PAGE_ORDERS)) {
		pr_err("orders=%s: not an order list within 0-%d\n", orders,
		       MAX_PAGE_ORDER);
		return -EINVAL;
	}
	if (!loops || !outstanding ||
	    (!single && !batch && !mixed && !cross && !allcpu && !burst && !pressure) ||
	    (pressure && (single || batch || mixed || cross || allcpu || burst))) {
		pr_err("loops and outstanding must be > 0, modes single, batch, mixed, cross, allcpu and/or burst, or pressure alone\n");
		return -EINVAL;
	}
	if (mixed && mix_order > MAX_PAGE_ORDER) {
		pr_err("mix_order=%u: not an order within 0-%d\n", mix_order,
		       MAX_PAGE_ORDER);
		return -EINVAL;
	}
	if (pressure) {
		/* Reclaim and compaction sleep: no migrate_disable() here. */
		for_each_set_bit(order, mask, NR_PAGE_ORDERS) {
			unsigned int attempts = pressure_attempts(order);

			pages = kvmalloc_array(attempts, sizeof(*pages), GFP_KERNEL);
			if (!pages)
				return -ENOMEM;
			bench_pressure(order, gfp, pages, attempts);
			kvfree(pages);
		}
		return 0;
	}
	pages = kvmalloc_array(max(2 * outstanding,
				   burst ? fill + max(fill_span, 1U) : 0),
			       sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;

	migrate_disable();
	for_each_set_bit(order, mask, NR_PAGE_ORDERS) {
		if (single)
			ret = bench_single(order, gfp);
		if (!ret && batch)
			ret = bench_batch(order, gfp, pages);
		if (!ret && mixed)
			ret = bench_mixed(order, gfp, pages);
		if (!ret && cross)
			ret = bench_cross(order, gfp, pages);
		if (!ret && allcpu)
			ret = bench_allcpu(order, gfp);
		if (!ret && burst)
			ret = bench_burst(order, pages);
		if (ret) {
			pr_err("order %u: failed (%d)\n", order, ret);
			break;
		}
		cond_resched();
	}
	migrate_enable();
	kvfree(pages);
	return ret;
}

static void __exit pcp_bench_exit(void)
{
}

module_init(pcp_bench_init);
module_exit(pcp_bench_exit);
MODULE_DESCRIPTION("Per-order page allocator fast-path benchmark");
MODULE_LICENSE("GPL");
